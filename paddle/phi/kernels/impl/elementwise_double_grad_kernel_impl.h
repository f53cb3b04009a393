// Double and triple grads of the elementwise add / subtract / multiply / divide written once
// for both backends: each is composed of the elementwise kernels and their grads (broadcasting
// and the reductions to an input's dims come with them).
#pragma once

#include <vector>

#include "paddle/phi/core/hostdevice.h"
#include "paddle/phi/kernels/elementwise_double_grad_kernel.h"
#include "paddle/phi/kernels/elementwise_grad_kernel.h"
#include "paddle/phi/kernels/elementwise_kernel.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"

namespace phi {
namespace funcs {


// DDOut = DDX + sign * DDY over DOut's dims: zeros of DOut's dims, then each present term
// added with broadcasting (so a term smaller than DOut, from a broadcast input, spreads).
template <typename T, typename Context>
void LinearDoubleGrad(const Context& dev_ctx, const DenseTensor& dout, const DenseTensor* ddx,
                      const DenseTensor* ddy, int axis, bool subtract, DenseTensor* ddout) {
  if (ddout == nullptr) return;
  DenseTensor acc(dout.dtype(), dout.dims());
  AllocZeroed<T>(dev_ctx, &acc);
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

// Adds the terms (each of `dims`) into `out`; zeros of `dims` when there are none.
template <typename T, typename Context>
void SumTerms(const Context& dev_ctx, const std::vector<DenseTensor>& terms, const DDim& dims,
              DataType dtype, DenseTensor* out) {
  if (out == nullptr) return;
  DenseTensor acc(dtype, dims);
  AllocZeroed<T>(dev_ctx, &acc);
  for (const DenseTensor& term : terms) {
    DenseTensor next(dtype, dims);
    AddKernel<T, Context>(dev_ctx, acc, term, -1, &next);
    acc = next;
  }
  *out = acc;
}

// t = -t elementwise.
template <typename T, typename Context>
void NegateInPlace(const Context& dev_ctx, DenseTensor* t) {
  T* p = t->data<T>();
  ForEachIndex(dev_ctx, t->numel(), [p] PD_HOSTDEVICE(int64_t i) { p[i] = -p[i]; });
}

}  // namespace funcs

template <typename T, typename Context>
void AddDoubleGradKernel(const Context& dev_ctx, const DenseTensor& y, const DenseTensor& dout,
                         const DenseTensor* ddx, const DenseTensor* ddy, int axis,
                         DenseTensor* ddout) {
  funcs::LinearDoubleGrad<T>(dev_ctx, dout, ddx, ddy, axis, false, ddout);
}

template <typename T, typename Context>
void SubtractDoubleGradKernel(const Context& dev_ctx, const DenseTensor& y, const DenseTensor& dout,
                              const DenseTensor* ddx, const DenseTensor* ddy, int axis,
                              DenseTensor* ddout) {
  funcs::LinearDoubleGrad<T>(dev_ctx, dout, ddx, ddy, axis, true, ddout);
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
    funcs::LinearDoubleGrad<T>(dev_ctx, dout_in, ddx != nullptr ? &a : nullptr,
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
  if (dout_new != nullptr) {
    dout_new->Resize(out_in.dims());
    if (ddy != nullptr) {
      DenseTensor ddy_over_y(y_in.dtype(), y_in.dims());
      DivideKernel<T, Context>(dev_ctx, ddy_in, y_in, -1, &ddy_over_y);
      MultiplyKernel<T, Context>(dev_ctx, dout_in, ddy_over_y, axis, dout_new);
      funcs::NegateInPlace<T>(dev_ctx, dout_new);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dout_new);
    }
  }
  if (ddout == nullptr && dy == nullptr) return;
  // (DDX - Out * DDY) / Y over Out's dims: DDOut, and the part of Y@GRAD before DOut / -Y.
  DenseTensor diff(out_in.dtype(), out_in.dims());
  DenseTensor out_ddy(out_in.dtype(), out_in.dims());
  if (ddy != nullptr) MultiplyKernel<T, Context>(dev_ctx, out_in, ddy_in, axis, &out_ddy);
  funcs::LinearDoubleGrad<T>(dev_ctx, out_in, ddx != nullptr ? &ddx_in : nullptr,
                             ddy != nullptr ? &out_ddy : nullptr, axis, true, &diff);
  DenseTensor quotient(out_in.dtype(), out_in.dims());
  DivideKernel<T, Context>(dev_ctx, diff, y_in, axis, &quotient);
  if (dy != nullptr) {
    DenseTensor twice(out_in.dtype(), out_in.dims());
    DivideKernel<T, Context>(dev_ctx, quotient, y_in, axis, &twice);
    dy->Resize(y_in.dims());
    // Sums DOut * twice to Y's dims (multiply_grad's reduction), then flips the sign.
    MultiplyGradKernel<T, Context>(dev_ctx, twice, y_in, dout_in, axis, nullptr, dy);
    funcs::NegateInPlace<T>(dev_ctx, dy);
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

template <typename T, typename Context>
void MultiplyTripleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                              const DenseTensor& dout, const DenseTensor* ddx,
                              const DenseTensor* ddy, const DenseTensor* d_dx,
                              const DenseTensor* d_dy, const DenseTensor* d_ddout, int axis,
                              DenseTensor* d_x, DenseTensor* d_y, DenseTensor* d_dout,
                              DenseTensor* d_ddx, DenseTensor* d_ddy) {
  // Inputs by value: they stay readable if an output shares their storage.
  const DenseTensor x_in = x, y_in = y, dout_in = dout;
  auto copy = [](const DenseTensor* t) { return t != nullptr ? *t : DenseTensor(); };
  const DenseTensor ddx_in = copy(ddx), ddy_in = copy(ddy), g1 = copy(d_dx), g2 = copy(d_dy),
                    g3 = copy(d_ddout);
  // sum(d * b) to X's dims (b Y-like) or sum(d * a) to Y's dims (a X-like): multiply_grad.
  auto to_x = [&](const DenseTensor& b, const DenseTensor& d) {
    DenseTensor g(x_in.dtype(), x_in.dims());
    MultiplyGradKernel<T, Context>(dev_ctx, x_in, b, d, axis, &g, nullptr);
    return g;
  };
  auto to_y = [&](const DenseTensor& a, const DenseTensor& d) {
    DenseTensor g(y_in.dtype(), y_in.dims());
    MultiplyGradKernel<T, Context>(dev_ctx, a, y_in, d, axis, nullptr, &g);
    return g;
  };
  auto product = [&](const DenseTensor& a, const DenseTensor& b) {
    DenseTensor p(dout_in.dtype(), dout_in.dims());
    MultiplyKernel<T, Context>(dev_ctx, a, b, axis, &p);
    return p;
  };
  std::vector<DenseTensor> t_x, t_y, t_dout, t_ddx, t_ddy;
  if (d_ddout != nullptr) {
    if (ddy != nullptr && d_x != nullptr) t_x.push_back(to_x(ddy_in, g3));
    if (ddx != nullptr && d_y != nullptr) t_y.push_back(to_y(ddx_in, g3));
    if (d_ddx != nullptr) t_ddx.push_back(to_x(y_in, g3));
    if (d_ddy != nullptr) t_ddy.push_back(to_y(x_in, g3));
  }
  if (d_dx != nullptr) {
    if (ddy != nullptr && d_dout != nullptr) t_dout.push_back(product(g1, ddy_in));
    if (d_ddy != nullptr) t_ddy.push_back(to_y(g1, dout_in));
  }
  if (d_dy != nullptr) {
    if (ddx != nullptr && d_dout != nullptr) t_dout.push_back(product(ddx_in, g2));
    if (d_ddx != nullptr) t_ddx.push_back(to_x(g2, dout_in));
  }
  funcs::SumTerms<T>(dev_ctx, t_x, x_in.dims(), x_in.dtype(), d_x);
  funcs::SumTerms<T>(dev_ctx, t_y, y_in.dims(), y_in.dtype(), d_y);
  funcs::SumTerms<T>(dev_ctx, t_dout, dout_in.dims(), dout_in.dtype(), d_dout);
  funcs::SumTerms<T>(dev_ctx, t_ddx, x_in.dims(), x_in.dtype(), d_ddx);
  funcs::SumTerms<T>(dev_ctx, t_ddy, y_in.dims(), y_in.dtype(), d_ddy);
}

}  // namespace phi

