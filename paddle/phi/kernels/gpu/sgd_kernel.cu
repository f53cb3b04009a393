// sgd on GPU: param_out = param - lr * grad, computed in float for 16-bit parameters. The
// learning rate is read inside the kernel (it lives on the device, or its value comes from
// the host), never copied back.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/optimizer.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/sgd_kernel.h"

namespace phi {

namespace {
template <typename DT, typename MT>
__global__ void SgdGpuKernel(const DT* param, const DT* grad, funcs::ScalarArg lr, int64_t n,
                             DT* param_out) {
  const funcs::SgdUpdate<MT> update{static_cast<MT>(lr.get())};
  PD_GPU_LOOP(i, n) {
    param_out[i] = gpu_opt::Convert<DT>(
        update(gpu_opt::Convert<MT>(param[i]), gpu_opt::Convert<MT>(grad[i])));
  }
}
}  // namespace

template <typename T, typename Context>
void SgdKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& learning_rate,
               const DenseTensor& grad, DenseTensor* param_out) {
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  PD_CHECK(grad.numel() == param.numel(), InvalidArgument,
           "expected sgd's Grad to have Param's dims, but got Param ", param.dims(), " and Grad ",
           grad.dims());
  const funcs::ScalarArg lr = gpu_opt::ScalarArgOf(learning_rate, "sgd", "LearningRate");
  // Allocated before Param's pointer is taken: ParamOut may be Param (in place).
  DT* out = reinterpret_cast<DT*>(funcs::AllocUpdate<T>(dev_ctx, param_out, param, "sgd",
                                                        "ParamOut"));
  const int64_t n = param.numel();
  SgdGpuKernel<DT, MT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(param), gpu::DeviceData<T>(grad), lr, n, out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(sgd, GPU, phi::SgdKernel, float, double, phi::float16, phi::bfloat16);
