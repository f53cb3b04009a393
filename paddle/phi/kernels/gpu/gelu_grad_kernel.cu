// gelu_grad on GPU: X@GRAD = Out@GRAD * gelu'(x), one elementwise launch over the functors of
// funcs/activation_functor.h (exact form through the device's erf).
#include "paddle/phi/kernels/gelu_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

template <typename T, typename Context>
void GeluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out_grad,
                    bool approximate, DenseTensor* x_grad) {
  using Acc = gpu::AccType<T>;
  if (x_grad == nullptr) return;
  PD_CHECK(out_grad.numel() == x.numel(), InvalidArgument,
           "expected gelu_grad's Out@GRAD to have X's dims ", x.dims(), ", but got ",
           out_grad.dims());
  if (approximate) {
    gpu::LaunchUnaryGrad<T>(dev_ctx, x, out_grad, x_grad, "gelu_grad",
                            funcs::GeluTanhGradFunctor<Acc>());
  } else {
    gpu::LaunchUnaryGrad<T>(dev_ctx, x, out_grad, x_grad, "gelu_grad",
                            funcs::GeluErfGradFunctor<Acc>());
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(gelu_grad, GPU, phi::GeluGradKernel, float, double, phi::float16,
                   phi::bfloat16);
