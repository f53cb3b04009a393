// bmm and bmm_grad written once for both backends: X [B, M, K] times Y [B, K, N] as B products
// (funcs::GemmBatched: one GEMM per batch entry on the CPU, one strided-batched cuBLAS GEMM on
// the GPU); the grad is two more (X@GRAD = Out@GRAD Y^T, Y@GRAD = X^T Out@GRAD).
#pragma once

#include <cstdint>
#include <tuple>

#include "paddle/phi/kernels/bmm_kernel.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"

namespace phi {

inline void CheckBmmShapes(const DDim& a, const DDim& b) {
  PD_CHECK(a.size() == 3 && b.size() == 3, InvalidArgument,
           "expected bmm's X and Y to have rank 3, but got X ", a, " and Y ", b);
  PD_CHECK(a[0] == b[0], InvalidArgument,
           "expected bmm's X and Y to have the same batch size, but got X ", a, " and Y ", b);
  PD_CHECK(a[2] == b[1], InvalidArgument, "expected bmm's X.dims[2] to equal Y.dims[1], but got X ",
           a, " and Y ", b);
}

template <typename T, typename Context>
void BmmKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
               DenseTensor* out) {
  CheckBmmShapes(x.dims(), y.dims());
  const int64_t B = x.dims()[0], M = x.dims()[1], K = x.dims()[2], N = y.dims()[2];
  T* r = dev_ctx.template Alloc<T>(out);
  // out_b = x_b @ y_b
  funcs::GemmBatched(dev_ctx, false, false, M, N, K, x.data<T>(), M * K, y.data<T>(), K * N, r,
                     M * N, B);
}

template <typename T, typename Context>
void BmmGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                   const DenseTensor& dout, DenseTensor* dx, DenseTensor* dy) {
  CheckBmmShapes(x.dims(), y.dims());
  const int64_t B = x.dims()[0], M = x.dims()[1], K = x.dims()[2], N = y.dims()[2];
  PD_CHECK(dout.dims() == DDim({B, M, N}), InvalidArgument,
           "expected bmm_grad's Out@GRAD to have bmm's output dims ", DDim({B, M, N}), ", but got ",
           dout.dims());
  for (const auto& [grad, like, name] :
       {std::tuple{dx, &x, "X@GRAD"}, std::tuple{dy, &y, "Y@GRAD"}}) {
    PD_CHECK(grad == nullptr || grad->dims() == like->dims(), InvalidArgument,
             "expected bmm_grad's ", name, " to have dims ", like->dims(), ", but got ",
             grad != nullptr ? grad->dims() : DDim());
  }
  if (dx != nullptr) {  // dx_b = dout_b @ y_b^T
    T* r = dev_ctx.template Alloc<T>(dx);
    funcs::GemmBatched(dev_ctx, false, true, M, K, N, dout.data<T>(), M * N, y.data<T>(), K * N,
                       r, M * K, B);
  }
  if (dy != nullptr) {  // dy_b = x_b^T @ dout_b
    T* r = dev_ctx.template Alloc<T>(dy);
    funcs::GemmBatched(dev_ctx, true, false, K, N, M, x.data<T>(), M * K, dout.data<T>(), M * N,
                       r, K * N, B);
  }
}

}  // namespace phi
