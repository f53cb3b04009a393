// rmsprop on GPU: funcs::RmspropUpdate per element (in float for 16-bit parameters); MeanGrad
// is read and MeanGradOut written only when centered. Outputs may be their inputs (in place).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/impl/rmsprop_kernel_impl.h"
#include "paddle/phi/kernels/rmsprop_kernel.h"

namespace phi {

namespace {
template <typename DT, typename MT>
__global__ void RmspropGpuKernel(const DT* param, const DT* grad, const DT* mean_square,
                                 const DT* mean_grad, const DT* moment, funcs::ScalarArg lr,
                                 MT epsilon, MT decay, MT momentum, bool centered, int64_t n,
                                 DT* param_out, DT* mean_square_out, DT* mean_grad_out,
                                 DT* moment_out) {
  using gpu_opt::Convert;
  const funcs::RmspropUpdate<MT> update{static_cast<MT>(lr.get()), epsilon, decay, momentum,
                                        centered};
  PD_GPU_LOOP(i, n) {
    MT square, mean, moment_next;
    const MT value = update(Convert<MT>(param[i]), Convert<MT>(grad[i]),
                            Convert<MT>(mean_square[i]),
                            centered ? Convert<MT>(mean_grad[i]) : MT(0),
                            Convert<MT>(moment[i]), &square, &mean, &moment_next);
    if (centered) mean_grad_out[i] = Convert<DT>(mean);
    mean_square_out[i] = Convert<DT>(square);
    moment_out[i] = Convert<DT>(moment_next);
    param_out[i] = Convert<DT>(value);
  }
}
}  // namespace

template <typename T, typename Context>
void RmspropKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& mean_square,
                   const DenseTensor& grad, const DenseTensor& moment,
                   const DenseTensor& learning_rate, const DenseTensor* mean_grad, float epsilon,
                   float decay, float momentum, bool centered, DenseTensor* param_out,
                   DenseTensor* moment_out, DenseTensor* mean_square_out,
                   DenseTensor* mean_grad_out) {
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  const char* op = "rmsprop";
  const int64_t n = param.numel();
  CheckRmspropArgs(param, mean_square, grad, moment, mean_grad, centered, mean_grad_out);
  const funcs::ScalarArg lr = gpu_opt::ScalarArgOf(learning_rate, op, "LearningRate");
  // Outputs first, inputs read after: each output may be its input (in place).
  auto alloc = [&](DenseTensor* out, const DenseTensor& in, const char* name) {
    return reinterpret_cast<DT*>(funcs::AllocUpdate<T>(dev_ctx, out, in, op, name));
  };
  DT* p_out = alloc(param_out, param, "ParamOut");
  DT* m_out = alloc(moment_out, moment, "MomentOut");
  DT* ms_out = alloc(mean_square_out, mean_square, "MeanSquareOut");
  DT* mg_out = centered ? alloc(mean_grad_out, *mean_grad, "MeanGradOut") : nullptr;
  RmspropGpuKernel<DT, MT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(param), gpu::DeviceData<T>(grad), gpu::DeviceData<T>(mean_square),
      centered ? gpu::DeviceData<T>(*mean_grad) : nullptr, gpu::DeviceData<T>(moment), lr,
      static_cast<MT>(epsilon), static_cast<MT>(decay), static_cast<MT>(momentum), centered, n,
      p_out, ms_out, mg_out, m_out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(rmsprop, GPU, phi::RmspropKernel, float, double, phi::float16,
                   phi::bfloat16);
