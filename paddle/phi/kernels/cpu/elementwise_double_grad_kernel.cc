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
                      const DenseTensor* ddy, int axis, bool subtract, DenseTensor* ddout) {
  if (ddout == nullptr) return;
  DenseTensor acc(dout.dtype(), dout.dims());
  funcs::AllocZeroed<T>(dev_ctx, &acc);
  if (ddx != nullptr) {
    DenseTensor next(dout.dtype(), dout.dims());
    AddKernel<T, Context>(dev_ctx, acc, *ddx, axis, &next);
    acc = next;
  }
  if (ddy != nullptr) {
    DenseTensor next(dout.dtype(), dout.dims());
    if (subtract) {
      SubtractKernel<T, Context>(dev_ctx, acc, *ddy, axis, &next);
    } else {
      AddKernel<T, Context>(dev_ctx, acc, *ddy, axis, &next);
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
  LinearDoubleGrad<T>(dev_ctx, dout, ddx, ddy, axis, false, ddout);
}

template <typename T, typename Context>
void SubtractDoubleGradKernel(const Context& dev_ctx, const DenseTensor& y, const DenseTensor& dout,
                              const DenseTensor* ddx, const DenseTensor* ddy, int axis,
                              DenseTensor* ddout) {
  LinearDoubleGrad<T>(dev_ctx, dout, ddx, ddy, axis, true, ddout);
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
                        ddy != nullptr ? &b : nullptr, -1, false, ddout);
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

template <typename T, typename Context>
void DivideDoubleGradKernel(const Context& dev_ctx, const DenseTensor& y, const DenseTensor& out,
                            const DenseTensor& dout, const DenseTensor* ddx, const DenseTensor* ddy,
                            int axis, DenseTensor* dy, DenseTensor* dout_new, DenseTensor* ddout) {
  const DenseTensor y_in = y, out_in = out, dout_in = dout;
  const DenseTensor ddx_in = ddx != nullptr ? *ddx : DenseTensor();
  const DenseTensor ddy_in = ddy != nullptr ? *ddy : DenseTensor();
  auto negate = [](DenseTensor* t) {
    T* p = t->data<T>();
    for (int64_t i = 0; i < t->numel(); ++i) p[i] = -p[i];
  };
  if (dout_new != nullptr) {
    dout_new->Resize(out_in.dims());
    if (ddy != nullptr) {
      DenseTensor ddy_over_y(y_in.dtype(), y_in.dims());
      DivideKernel<T, Context>(dev_ctx, ddy_in, y_in, -1, &ddy_over_y);
      MultiplyKernel<T, Context>(dev_ctx, dout_in, ddy_over_y, axis, dout_new);
      negate(dout_new);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dout_new);
    }
  }
  if (ddout == nullptr && dy == nullptr) return;
  // (DDX - Out * DDY) / Y over Out's dims: DDOut, and the part of Y@GRAD before DOut / -Y.
  DenseTensor diff(out_in.dtype(), out_in.dims());
  DenseTensor out_ddy(out_in.dtype(), out_in.dims());
  if (ddy != nullptr) MultiplyKernel<T, Context>(dev_ctx, out_in, ddy_in, axis, &out_ddy);
  LinearDoubleGrad<T>(dev_ctx, out_in, ddx != nullptr ? &ddx_in : nullptr,
                      ddy != nullptr ? &out_ddy : nullptr, axis, true, &diff);
  DenseTensor quotient(out_in.dtype(), out_in.dims());
  DivideKernel<T, Context>(dev_ctx, diff, y_in, axis, &quotient);
  if (dy != nullptr) {
    DenseTensor twice(out_in.dtype(), out_in.dims());
    DivideKernel<T, Context>(dev_ctx, quotient, y_in, axis, &twice);
    dy->Resize(y_in.dims());
    // Sums DOut * twice to Y's dims (multiply_grad's reduction), then flips the sign.
    MultiplyGradKernel<T, Context>(dev_ctx, twice, y_in, dout_in, axis, nullptr, dy);
    negate(dy);
  }
  if (ddout != nullptr) *ddout = quotient;
}

template <typename T, typename Context>
void AddTripleGradKernel(const Context& dev_ctx, const DenseTensor* ddx, const DenseTensor* ddy,
                         const DenseTensor& d_ddout, int axis, DenseTensor* d_ddx,
                         DenseTensor* d_ddy) {
  PD_CHECK((d_ddx == nullptr || ddx != nullptr) && (d_ddy == nullptr || ddy != nullptr),
           InvalidArgument,
           "expected elementwise_add_triple_grad's DDX / DDY for the gradients asked of them, "
           "but got ",
           ddx != nullptr ? "DDX" : "no DDX", " and ", ddy != nullptr ? "DDY" : "no DDY");
  // D_DDOut's dims stand in for an input whose gradient is not wanted (only shapes matter).
  AddGradKernel<T, Context>(dev_ctx, ddx != nullptr ? *ddx : d_ddout,
                            ddy != nullptr ? *ddy : d_ddout, d_ddout, axis, d_ddx, d_ddy);
}

}  // namespace phi

PD_REGISTER_KERNEL(add_double_grad, CPU, phi::AddDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(subtract_double_grad, CPU, phi::SubtractDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(multiply_double_grad, CPU, phi::MultiplyDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(divide_double_grad, CPU, phi::DivideDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(add_triple_grad, CPU, phi::AddTripleGradKernel, float, double);
