#include "paddle/phi/kernels/bmm_kernel.h"

#include <cstdint>
#include <tuple>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/blas.h"

namespace phi {
namespace {

void CheckBmmShapes(const DDim& a, const DDim& b) {
  PD_CHECK(a.size() == 3 && b.size() == 3, InvalidArgument,
           "expected bmm's X and Y to have rank 3, but got X ", a, " and Y ", b);
  PD_CHECK(a[0] == b[0], InvalidArgument,
           "expected bmm's X and Y to have the same batch size, but got X ", a, " and Y ", b);
  PD_CHECK(a[2] == b[1], InvalidArgument, "expected bmm's X.dims[2] to equal Y.dims[1], but got X ",
           a, " and Y ", b);
}

}  // namespace

// Every product goes through the one BLAS (funcs::Gemm), one GEMM per batch entry.
template <typename T, typename Context>
void BmmKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
               DenseTensor* out) {
  CheckBmmShapes(x.dims(), y.dims());
  const int64_t B = x.dims()[0], M = x.dims()[1], K = x.dims()[2], N = y.dims()[2];
  const T* a = x.data<T>();
  const T* b = y.data<T>();
  T* r = dev_ctx.template Alloc<T>(out);
  for (int64_t bi = 0; bi < B; ++bi)  // out_b = x_b @ y_b
    funcs::Gemm<T>(false, false, M, N, K, T(1), a + bi * M * K, b + bi * K * N, T(0),
                   r + bi * M * N);
}

template <typename T, typename Context>
void BmmGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                   const DenseTensor& dout, DenseTensor* dx, DenseTensor* dy) {
  CheckBmmShapes(x.dims(), y.dims());
  const int64_t B = x.dims()[0], M = x.dims()[1], K = x.dims()[2], N = y.dims()[2];
  PD_CHECK(dout.dims() == DDim({B, M, N}), InvalidArgument,
           "expected bmm_grad's Out@GRAD to have bmm's output dims ", DDim({B, M, N}), ", but got ",
           dout.dims());
  const T* a = x.data<T>();
  const T* b = y.data<T>();
  const T* g = dout.data<T>();
  for (const auto& [grad, like, name] :
       {std::tuple{dx, &x, "X@GRAD"}, std::tuple{dy, &y, "Y@GRAD"}}) {
    PD_CHECK(grad == nullptr || grad->dims() == like->dims(), InvalidArgument,
             "expected bmm_grad's ", name, " to have dims ", like->dims(), ", but got ",
             grad != nullptr ? grad->dims() : DDim());
  }
  if (dx != nullptr) {
    T* r = dev_ctx.template Alloc<T>(dx);
    for (int64_t bi = 0; bi < B; ++bi)  // dx_b = dout_b @ y_b^T
      funcs::Gemm<T>(false, true, M, K, N, T(1), g + bi * M * N, b + bi * K * N, T(0),
                     r + bi * M * K);
  }
  if (dy != nullptr) {
    T* r = dev_ctx.template Alloc<T>(dy);
    for (int64_t bi = 0; bi < B; ++bi)  // dy_b = x_b^T @ dout_b
      funcs::Gemm<T>(true, false, K, N, M, T(1), a + bi * M * K, g + bi * M * N, T(0),
                     r + bi * K * N);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(bmm, CPU, phi::BmmKernel, float, double);
PD_REGISTER_KERNEL(bmm_grad, CPU, phi::BmmGradKernel, float, double);
