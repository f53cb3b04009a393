#include "paddle/phi/kernels/elementwise_double_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/elementwise_grad_kernel.h"
#include "paddle/phi/kernels/elementwise_kernel.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"

namespace phi {
namespace {

// DDOut = DDX + sign * DDY over DOut's dims: zeros of DOut's dims, then each present term
// added with broadcasting (so a term smaller than DOut, from a broadcast input, spreads).
template <typename T, typename Context>
void LinearDoubleGrad(const Context& dev_ctx, const DenseTensor& dout, const DenseTensor* ddx,
                      const DenseTensor* ddy, bool subtract, DenseTensor* ddout) {
  if (ddout == nullptr) return;
  DenseTensor acc(dout.dtype(), dout.dims());
  funcs::AllocZeroed<T>(dev_ctx, &acc);
  if (ddx != nullptr) {
    DenseTensor next(dout.dtype(), dout.dims());
    AddKernel<T, Context>(dev_ctx, acc, *ddx, -1, &next);
    acc = next;
  }
  if (ddy != nullptr) {
    DenseTensor next(dout.dtype(), dout.dims());
    if (subtract) {
      SubtractKernel<T, Context>(dev_ctx, acc, *ddy, -1, &next);
    } else {
      AddKernel<T, Context>(dev_ctx, acc, *ddy, -1, &next);
    }
    acc = next;
  }
  *ddout = acc;
}

}  // namespace

template <typename T, typename Context>
void AddDoubleGradKernel(const Context& dev_ctx, const DenseTensor& y, const DenseTensor& dout,
                         const DenseTensor* ddx, const DenseTensor* ddy, int axis,
                         DenseTensor* ddout) {
  LinearDoubleGrad<T>(dev_ctx, dout, ddx, ddy, false, ddout);
}

template <typename T, typename Context>
void SubtractDoubleGradKernel(const Context& dev_ctx, const DenseTensor& y, const DenseTensor& dout,
                              const DenseTensor* ddx, const DenseTensor* ddy, int axis,
                              DenseTensor* ddout) {
  LinearDoubleGrad<T>(dev_ctx, dout, ddx, ddy, true, ddout);
}

template <typename T, typename Context>
void MultiplyDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                              const DenseTensor& dout, const DenseTensor* ddx,
                              const DenseTensor* ddy, int axis, DenseTensor* dx, DenseTensor* dy,
                              DenseTensor* ddout) {
  // Inputs by value: they stay readable if an output shares their storage.
  const DenseTensor x_in = x, y_in = y, dout_in = dout;
  const DenseTensor ddx_in = ddx != nullptr ? *ddx : DenseTensor();
  const DenseTensor ddy_in = ddy != nullptr ? *ddy : DenseTensor();
  if (ddout != nullptr) {
    DenseTensor a(dout_in.dtype(), dout_in.dims()), b(dout_in.dtype(), dout_in.dims());
    if (ddx != nullptr) MultiplyKernel<T, Context>(dev_ctx, ddx_in, y_in, axis, &a);
    if (ddy != nullptr) MultiplyKernel<T, Context>(dev_ctx, x_in, ddy_in, axis, &b);
    LinearDoubleGrad<T>(dev_ctx, dout_in, ddx != nullptr ? &a : nullptr,
                        ddy != nullptr ? &b : nullptr, false, ddout);
  }
  if (dx != nullptr) {
    dx->Resize(x_in.dims());
    if (ddy != nullptr) {
      MultiplyGradKernel<T, Context>(dev_ctx, x_in, ddy_in, dout_in, axis, dx, nullptr);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dx);
    }
  }
  if (dy != nullptr) {
    dy->Resize(y_in.dims());
    if (ddx != nullptr) {
      MultiplyGradKernel<T, Context>(dev_ctx, ddx_in, y_in, dout_in, axis, nullptr, dy);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dy);
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(add_double_grad, CPU, phi::AddDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(subtract_double_grad, CPU, phi::SubtractDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(multiply_double_grad, CPU, phi::MultiplyDoubleGradKernel, float, double);

PD_KERNEL_USES(add_double_grad, add);
PD_KERNEL_USES(add_double_grad, subtract);
PD_KERNEL_USES(add_double_grad, multiply);
PD_KERNEL_USES(add_double_grad, multiply_grad);
PD_KERNEL_USES(subtract_double_grad, add);
PD_KERNEL_USES(subtract_double_grad, subtract);
PD_KERNEL_USES(subtract_double_grad, multiply);
PD_KERNEL_USES(subtract_double_grad, multiply_grad);
PD_KERNEL_USES(multiply_double_grad, add);
PD_KERNEL_USES(multiply_double_grad, subtract);
PD_KERNEL_USES(multiply_double_grad, multiply);
PD_KERNEL_USES(multiply_double_grad, multiply_grad);
