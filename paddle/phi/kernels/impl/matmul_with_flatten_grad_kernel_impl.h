// matmul_with_flatten_grad (mul_grad) written once for both backends: on the flattened matrices
// X [M, K], Y [K, N], dOut [M, N]: dX = dOut Y^T and dY = X^T dOut, one funcs::Gemm each.
#pragma once

#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/matmul_with_flatten_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void MatmulWithFlattenGradKernel(const Context& dev_ctx, const DenseTensor& x,
                                 const DenseTensor& y, const DenseTensor& dout,
                                 int x_num_col_dims, int y_num_col_dims, DenseTensor* dx,
                                 DenseTensor* dy) {
  const DDim out_dims =
      ComputeMatmulWithFlattenDims(x.dims(), y.dims(), x_num_col_dims, y_num_col_dims);
  PD_CHECK(dout.numel() == out_dims.numel(), InvalidArgument,
           "expected matmul_with_flatten's Out@GRAD to have dims ", out_dims, ", but got ",
           dout.dims(), " for X ", x.dims(), " and Y ", y.dims());
  const DDim x_2d = flatten_to_2d(x.dims(), x_num_col_dims);
  const DDim y_2d = flatten_to_2d(y.dims(), y_num_col_dims);
  const int64_t m = x_2d[0], k = x_2d[1], n = y_2d[1];
  // With n == 0 nothing flowed back; the zero-depth GEMM (k == 0 in its terms) zero-fills.
  if (dx != nullptr) {
    dx->Resize(x.dims());
    T* grad_x = dev_ctx.template Alloc<T>(dx);
    funcs::Gemm(dev_ctx, false, true, m, k, n, dout.data<T>(), y.data<T>(), grad_x);
  }
  if (dy != nullptr) {
    dy->Resize(y.dims());
    T* grad_y = dev_ctx.template Alloc<T>(dy);
    funcs::Gemm(dev_ctx, true, false, k, n, m, x.data<T>(), dout.data<T>(), grad_y);
  }
}

}  // namespace phi
