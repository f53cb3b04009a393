// Double and triple grads of matmul written once for both backends: composed of the matmul
// kernel, its grad and add.
#pragma once

#include <vector>

#include "paddle/phi/kernels/elementwise_kernel.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"
#include "paddle/phi/kernels/matmul_double_grad_kernel.h"
#include "paddle/phi/kernels/matmul_grad_kernel.h"
#include "paddle/phi/kernels/matmul_kernel.h"

namespace phi {

template <typename T, typename Context>
void MatmulDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                            const DenseTensor& dout, const DenseTensor* ddx, const DenseTensor* ddy,
                            bool trans_x, bool trans_y, DenseTensor* dx, DenseTensor* dy,
                            DenseTensor* ddout) {
  // Inputs by value: they stay readable if an output shares their storage.
  const DenseTensor x_in = x, y_in = y, dout_in = dout;
  const DenseTensor ddx_in = ddx != nullptr ? *ddx : DenseTensor();
  const DenseTensor ddy_in = ddy != nullptr ? *ddy : DenseTensor();
  if (ddout != nullptr) {
    if (ddx != nullptr && ddy != nullptr) {
      DenseTensor a, b;
      MatmulKernel<T, Context>(dev_ctx, ddx_in, y_in, trans_x, trans_y, &a);
      MatmulKernel<T, Context>(dev_ctx, x_in, ddy_in, trans_x, trans_y, &b);
      ddout->Resize(a.dims());
      AddKernel<T, Context>(dev_ctx, a, b, -1, ddout);
    } else if (ddx != nullptr) {
      MatmulKernel<T, Context>(dev_ctx, ddx_in, y_in, trans_x, trans_y, ddout);
    } else if (ddy != nullptr) {
      MatmulKernel<T, Context>(dev_ctx, x_in, ddy_in, trans_x, trans_y, ddout);
    } else {
      ddout->Resize(dout_in.dims());
      funcs::AllocZeroed<T>(dev_ctx, ddout);
    }
  }
  if (dx != nullptr) {
    dx->Resize(x_in.dims());
    if (ddy != nullptr) {
      MatmulGradKernel<T, Context>(dev_ctx, x_in, ddy_in, dout_in, trans_x, trans_y, dx, nullptr);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dx);
    }
  }
  if (dy != nullptr) {
    dy->Resize(y_in.dims());
    if (ddx != nullptr) {
      MatmulGradKernel<T, Context>(dev_ctx, ddx_in, y_in, dout_in, trans_x, trans_y, nullptr, dy);
    } else {
      funcs::AllocZeroed<T>(dev_ctx, dy);
    }
  }
}

namespace matmul_terms {

// Sums the terms that are present into `out` (zeros of `dims` when none is).
template <typename T, typename Context>
void SumTerms(const Context& dev_ctx, std::vector<DenseTensor> terms, const DDim& dims,
              DenseTensor* out) {
  if (out == nullptr) return;
  if (terms.empty()) {
    out->Resize(dims);
    funcs::AllocZeroed<T>(dev_ctx, out);
    return;
  }
  DenseTensor acc = terms[0];
  for (size_t i = 1; i < terms.size(); ++i) {
    DenseTensor next;
    next.Resize(dims);
    AddKernel<T, Context>(dev_ctx, acc, terms[i], -1, &next);
    acc = next;
  }
  *out = acc;
}

}  // namespace matmul_terms

template <typename T, typename Context>
void MatmulTripleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                            const DenseTensor& dout, const DenseTensor* ddx, const DenseTensor* ddy,
                            const DenseTensor* d_dx, const DenseTensor* d_dy,
                            const DenseTensor* d_ddout, bool trans_x, bool trans_y,
                            DenseTensor* d_x, DenseTensor* d_y, DenseTensor* d_dout,
                            DenseTensor* d_ddx, DenseTensor* d_ddy) {
  // Inputs by value: they stay readable if an output shares their storage.
  const DenseTensor x_in = x, y_in = y, dout_in = dout;
  auto copy = [](const DenseTensor* t) { return t != nullptr ? *t : DenseTensor(); };
  const DenseTensor ddx_in = copy(ddx), ddy_in = copy(ddy), g1 = copy(d_dx), g2 = copy(d_dy),
                    g3 = copy(d_ddout);
  // The X or Y gradient of matmul(a, b) for the output gradient `d`; a / b only give shapes
  // to the side not asked for, so X / Y stand in for an absent DDX / DDY there.
  auto grad_x = [&](const DenseTensor& a, const DenseTensor& b, const DenseTensor& d) {
    DenseTensor g;
    g.Resize(a.dims());
    MatmulGradKernel<T, Context>(dev_ctx, a, b, d, trans_x, trans_y, &g, nullptr);
    return g;
  };
  auto grad_y = [&](const DenseTensor& a, const DenseTensor& b, const DenseTensor& d) {
    DenseTensor g;
    g.Resize(b.dims());
    MatmulGradKernel<T, Context>(dev_ctx, a, b, d, trans_x, trans_y, nullptr, &g);
    return g;
  };
  auto product = [&](const DenseTensor& a, const DenseTensor& b) {
    DenseTensor p;
    MatmulKernel<T, Context>(dev_ctx, a, b, trans_x, trans_y, &p);
    return p;
  };
  std::vector<DenseTensor> t_x, t_y, t_dout, t_ddx, t_ddy;
  if (d_ddout != nullptr) {
    if (ddy != nullptr && d_x != nullptr) t_x.push_back(grad_x(x_in, ddy_in, g3));
    if (ddx != nullptr && d_y != nullptr) t_y.push_back(grad_y(ddx_in, y_in, g3));
    if (d_ddx != nullptr) t_ddx.push_back(grad_x(x_in, y_in, g3));
    if (d_ddy != nullptr) t_ddy.push_back(grad_y(x_in, y_in, g3));
  }
  if (d_dx != nullptr) {
    if (ddy != nullptr && d_dout != nullptr) t_dout.push_back(product(g1, ddy_in));
    if (ddy != nullptr && d_ddy != nullptr) t_ddy.push_back(grad_y(g1, ddy_in, dout_in));
  }
  if (d_dy != nullptr) {
    if (ddx != nullptr && d_dout != nullptr) t_dout.push_back(product(ddx_in, g2));
    if (ddx != nullptr && d_ddx != nullptr) t_ddx.push_back(grad_x(ddx_in, g2, dout_in));
  }
  matmul_terms::SumTerms<T>(dev_ctx, t_x, x_in.dims(), d_x);
  matmul_terms::SumTerms<T>(dev_ctx, t_y, y_in.dims(), d_y);
  matmul_terms::SumTerms<T>(dev_ctx, t_dout, dout_in.dims(), d_dout);
  matmul_terms::SumTerms<T>(dev_ctx, t_ddx, x_in.dims(), d_ddx);
  matmul_terms::SumTerms<T>(dev_ctx, t_ddy, y_in.dims(), d_ddy);
}

}  // namespace phi

