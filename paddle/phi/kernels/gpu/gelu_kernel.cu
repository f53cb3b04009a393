// gelu on GPU: one elementwise launch, the exact form through the device's erf, the tanh form
// through the functor the CPU kernel uses (funcs/activation_functor.h).
#include "paddle/phi/kernels/gelu_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

template <typename T, typename Context>
void GeluKernel(const Context& dev_ctx, const DenseTensor& x, bool approximate, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  if (approximate) {
    gpu::LaunchUnary<T>(dev_ctx, x, out, "gelu", funcs::GeluTanhFunctor<Acc>());
  } else {
    gpu::LaunchUnary<T>(dev_ctx, x, out, "gelu", funcs::GeluErfFunctor<Acc>());
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(gelu, GPU, phi::GeluKernel, float, double, phi::float16, phi::bfloat16);
