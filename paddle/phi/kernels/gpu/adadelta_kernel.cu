// adadelta on GPU: funcs::AdadeltaUpdate per element (in float for 16-bit parameters); the
// learning rate is 1 when LearningRate is absent. Outputs may be their inputs (in place).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/adadelta_kernel.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/impl/adamax_adadelta_kernel_impl.h"

namespace phi {

namespace {
template <typename DT, typename MT>
__global__ void AdadeltaGpuKernel(const DT* param, const DT* grad, const DT* avg_squared_grad,
                                  const DT* avg_squared_update, funcs::ScalarArg lr, MT rho,
                                  MT epsilon, int64_t n, DT* param_out, DT* avg_squared_grad_out,
                                  DT* avg_squared_update_out) {
  using gpu_opt::Convert;
  const funcs::AdadeltaUpdate<MT> update{rho, epsilon, static_cast<MT>(lr.get())};
  PD_GPU_LOOP(i, n) {
    MT s_next, x_next;
    const MT value =
        update(Convert<MT>(param[i]), Convert<MT>(grad[i]), Convert<MT>(avg_squared_grad[i]),
               Convert<MT>(avg_squared_update[i]), &s_next, &x_next);
    avg_squared_grad_out[i] = Convert<DT>(s_next);
    avg_squared_update_out[i] = Convert<DT>(x_next);
    param_out[i] = Convert<DT>(value);
  }
}
}  // namespace

template <typename T, typename Context>
void AdadeltaKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                    const DenseTensor& avg_squared_grad, const DenseTensor& avg_squared_update,
                    const DenseTensor* learning_rate, float rho, float epsilon,
                    DenseTensor* param_out, DenseTensor* avg_squared_grad_out,
                    DenseTensor* avg_squared_update_out) {
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  const char* op = "adadelta";
  const int64_t n = param.numel();
  CheckAdadeltaArgs(param, grad, avg_squared_grad, avg_squared_update);
  funcs::ScalarArg lr;
  lr.value = 1.0;
  if (learning_rate != nullptr) lr = gpu_opt::ScalarArgOf(*learning_rate, op, "LearningRate");
  // Outputs first, inputs read after: each output may be its input (in place).
  auto alloc = [&](DenseTensor* out, const DenseTensor& in, const char* name) {
    return reinterpret_cast<DT*>(funcs::AllocUpdate<T>(dev_ctx, out, in, op, name));
  };
  DT* p_out = alloc(param_out, param, "ParamOut");
  DT* s_out = alloc(avg_squared_grad_out, avg_squared_grad, "AvgSquaredGradOut");
  DT* x_out = alloc(avg_squared_update_out, avg_squared_update, "AvgSquaredUpdateOut");
  AdadeltaGpuKernel<DT, MT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(param), gpu::DeviceData<T>(grad), gpu::DeviceData<T>(avg_squared_grad),
      gpu::DeviceData<T>(avg_squared_update), lr, static_cast<MT>(rho), static_cast<MT>(epsilon), n,
      p_out, s_out, x_out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(adadelta, GPU, phi::AdadeltaKernel, float, double, phi::float16, phi::bfloat16);
