// adagrad on GPU: funcs::AdagradUpdate per element (in float for 16-bit parameters).
// ParamOut may be Param and MomentOut Moment (in place).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/adagrad_kernel.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"

namespace phi {

namespace {
template <typename DT, typename MT>
__global__ void AdagradGpuKernel(const DT* param, const DT* grad, const DT* moment,
                                 funcs::ScalarArg lr, MT epsilon, int64_t n, DT* param_out,
                                 DT* moment_out) {
  using gpu_opt::Convert;
  const funcs::AdagradUpdate<MT> update{static_cast<MT>(lr.get()), epsilon};
  PD_GPU_LOOP(i, n) {
    MT moment_next;
    const MT value = update(Convert<MT>(param[i]), Convert<MT>(grad[i]),
                            Convert<MT>(moment[i]), &moment_next);
    moment_out[i] = Convert<DT>(moment_next);
    param_out[i] = Convert<DT>(value);
  }
}
}  // namespace

template <typename T, typename Context>
void AdagradKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                   const DenseTensor& moment, const DenseTensor& learning_rate, float epsilon,
                   DenseTensor* param_out, DenseTensor* moment_out) {
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  const char* op = "adagrad";
  const int64_t n = param.numel();
  PD_CHECK(grad.numel() == n && moment.numel() == n, InvalidArgument,
           "expected adagrad's Grad and Moment to have Param's dims ", param.dims(), ", but got ",
           grad.dims(), " and ", moment.dims());
  const funcs::ScalarArg lr = gpu_opt::ScalarArgOf(learning_rate, op, "LearningRate");
  // Outputs first, inputs read after: each output may be its input (in place).
  DT* p_out = reinterpret_cast<DT*>(
      funcs::AllocUpdate<T>(dev_ctx, param_out, param, op, "ParamOut"));
  DT* m_out = reinterpret_cast<DT*>(
      funcs::AllocUpdate<T>(dev_ctx, moment_out, moment, op, "MomentOut"));
  AdagradGpuKernel<DT, MT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(param), gpu::DeviceData<T>(grad), gpu::DeviceData<T>(moment), lr,
      static_cast<MT>(epsilon), n, p_out, m_out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(adagrad, GPU, phi::AdagradKernel, float, double, phi::float16,
                   phi::bfloat16);
