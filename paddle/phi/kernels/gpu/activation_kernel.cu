// relu, sigmoid and tanh on GPU: one elementwise launch each over the functors the CPU kernels
// use (funcs/activation_functor.h), in float for float16 / bfloat16.
#include "paddle/phi/kernels/activation_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

template <typename T, typename Context>
void ReluKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  gpu::LaunchUnary<T>(dev_ctx, x, out, "relu", funcs::ReluFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void SigmoidKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  gpu::LaunchUnary<T>(dev_ctx, x, out, "sigmoid", funcs::SigmoidFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void TanhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  gpu::LaunchUnary<T>(dev_ctx, x, out, "tanh", funcs::TanhFunctor<gpu::AccType<T>>());
}

}  // namespace phi

PD_REGISTER_KERNEL(relu, GPU, phi::ReluKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(sigmoid, GPU, phi::SigmoidKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(tanh, GPU, phi::TanhKernel, float, double, phi::float16, phi::bfloat16);
