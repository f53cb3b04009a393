// bmm on GPU: X [B, M, K] times Y [B, K, N] as one strided-batched cuBLAS GEMM; the grad is
// two more (X@GRAD = Out@GRAD Y^T, Y@GRAD = X^T Out@GRAD).
#include <tuple>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/bmm_kernel.h"
#include "paddle/phi/kernels/gpu/matmul_helper.h"

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

template <typename T, typename Context>
void BmmKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
               DenseTensor* out) {
  CheckBmmShapes(x.dims(), y.dims());
  const int64_t B = x.dims()[0], M = x.dims()[1], K = x.dims()[2], N = y.dims()[2];
  T* r = dev_ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  gpu::gemm::GemmStridedBatched<T>(dev_ctx, false, false, M, N, K, 1.0, x.data<T>(), M * K,
                                   y.data<T>(), K * N, 0.0, r, M * N, B);
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
    gpu::gemm::GemmStridedBatched<T>(dev_ctx, false, true, M, K, N, 1.0, dout.data<T>(), M * N,
                                     y.data<T>(), K * N, 0.0, r, M * K, B);
  }
  if (dy != nullptr) {  // dy_b = x_b^T @ dout_b
    T* r = dev_ctx.template Alloc<T>(dy);
    gpu::gemm::GemmStridedBatched<T>(dev_ctx, true, false, K, N, M, 1.0, x.data<T>(), M * K,
                                     dout.data<T>(), M * N, 0.0, r, K * N, B);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(bmm, GPU, phi::BmmKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(bmm_grad, GPU, phi::BmmGradKernel, float, double, phi::float16, phi::bfloat16);
