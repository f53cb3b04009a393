// Gradients of relu, sigmoid and tanh on GPU, from the forward output Out: one elementwise
// launch each over the CPU kernels' functors (funcs/activation_functor.h).
#include "paddle/phi/kernels/activation_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

template <typename T, typename Context>
void ReluGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx) {
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "relu_grad",
                          funcs::ReluGradFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void SigmoidGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                       DenseTensor* dx) {
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "sigmoid_grad",
                          funcs::SigmoidGradFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void TanhGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx) {
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "tanh_grad",
                          funcs::TanhGradFunctor<gpu::AccType<T>>());
}

}  // namespace phi

PD_REGISTER_KERNEL(relu_grad, GPU, phi::ReluGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(sigmoid_grad, GPU, phi::SigmoidGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(tanh_grad, GPU, phi::TanhGradKernel, float, double, phi::float16,
                   phi::bfloat16);
