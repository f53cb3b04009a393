#include "paddle/phi/kernels/elementwise_math_grad_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast_compute.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"

namespace phi {

template <typename T, typename Context>
void MaximumGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                       const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  funcs::BroadcastBinaryGrad<T>(dev_ctx, x, y, dout, axis, dx, dy,
                                funcs::MaximumGradXFunctor<T>(), funcs::MaximumGradYFunctor<T>());
}

template <typename T, typename Context>
void MinimumGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                       const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  funcs::BroadcastBinaryGrad<T>(dev_ctx, x, y, dout, axis, dx, dy,
                                funcs::MinimumGradXFunctor<T>(), funcs::MinimumGradYFunctor<T>());
}

template <typename T, typename Context>
void ElementwisePowGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                              const DenseTensor& dout, int axis, DenseTensor* dx,
                              DenseTensor* dy) {
  funcs::BroadcastBinaryGrad<T>(dev_ctx, x, y, dout, axis, dx, dy,
                                funcs::ElementwisePowGradXFunctor<T>(),
                                funcs::ElementwisePowGradYFunctor<T>());
}

}  // namespace phi

PD_REGISTER_KERNEL(maximum_grad, CPU, phi::MaximumGradKernel, float, double);
PD_REGISTER_KERNEL(minimum_grad, CPU, phi::MinimumGradKernel, float, double);
PD_REGISTER_KERNEL(elementwise_pow_grad, CPU, phi::ElementwisePowGradKernel, float, double);
