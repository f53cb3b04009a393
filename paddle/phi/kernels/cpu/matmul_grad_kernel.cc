#include "paddle/phi/kernels/matmul_grad_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/kernels/funcs/blas.h"

namespace phi {

// With op(A) = A or A^T per flag, out = op(X) op(Y) gives
//   d op(X) = dout op(Y)^T  and  d op(Y) = op(X)^T dout;
// a transposed operand takes the transpose of that, and each case is one GEMM on the
// stored matrices. Broadcast batches accumulate (beta = 1) into the same slice.
template <typename T, typename Context>
void MatmulGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                      const DenseTensor& dout, bool trans_x, bool trans_y, DenseTensor* dx,
                      DenseTensor* dy) {
  const MatmulDims d = ComputeMatmulDims(x.dims(), y.dims(), trans_x, trans_y);
  PD_CHECK(dout.numel() == d.out.numel(), InvalidArgument,
           "expected matmul's Out@GRAD to have dims ", d.out, ", but got ", dout.dims(),
           " for X ", x.dims(), " and Y ", y.dims());
  const T* a = x.data<T>();
  const T* b = y.data<T>();
  const T* g = dout.data<T>();
  T* grad_x = nullptr;
  T* grad_y = nullptr;
  if (dx != nullptr) {
    dx->Resize(x.dims());
    grad_x = dev_ctx.template Alloc<T>(dx);
  }
  if (dy != nullptr) {
    dy->Resize(y.dims());
    grad_y = dev_ctx.template Alloc<T>(dy);
  }
  if (grad_x == nullptr && grad_y == nullptr) return;
  if (d.out.numel() == 0) {  // nothing flowed back: the gradients are zero (as on the GPU)
    if (grad_x) std::fill(grad_x, grad_x + x.numel(), T(0));
    if (grad_y) std::fill(grad_y, grad_y + y.numel(), T(0));
    return;
  }

  const int64_t m = d.m, k = d.k, n = d.n;
  std::vector<int64_t> x_index, y_index;
  MatmulBatchIndices(d, &x_index, &y_index);
  const int64_t batches = static_cast<int64_t>(x_index.size());
  int64_t y_batches = 1;
  for (int64_t extent : d.y_batch) y_batches *= extent;

  if (y_batches == 1 && !d.trans_x) {
    // X's batches stack into one [rows, K] matrix (as in the forward GEMM); dy sums over
    // them through the GEMM's inner dimension.
    const int64_t rows = batches * m;
    if (grad_x) funcs::Gemm<T>(false, !d.trans_y, rows, k, n, T(1), g, b, T(0), grad_x);
    if (grad_y && !d.trans_y) funcs::Gemm<T>(true, false, k, n, rows, T(1), a, g, T(0), grad_y);
    if (grad_y && d.trans_y) funcs::Gemm<T>(true, false, n, k, rows, T(1), g, a, T(0), grad_y);
    return;
  }
  if (grad_x) std::fill(grad_x, grad_x + x.numel(), T(0));
  if (grad_y) std::fill(grad_y, grad_y + y.numel(), T(0));
  for (int64_t i = 0; i < batches; ++i) {
    const T* xi = a + x_index[i] * m * k;
    const T* yi = b + y_index[i] * k * n;
    const T* gi = g + i * m * n;
    if (grad_x) {
      T* dst = grad_x + x_index[i] * m * k;
      if (!d.trans_x) {
        funcs::Gemm<T>(false, !d.trans_y, m, k, n, T(1), gi, yi, T(1), dst);
      } else {
        funcs::Gemm<T>(d.trans_y, true, k, m, n, T(1), yi, gi, T(1), dst);
      }
    }
    if (grad_y) {
      T* dst = grad_y + y_index[i] * k * n;
      if (!d.trans_y) {
        funcs::Gemm<T>(!d.trans_x, false, k, n, m, T(1), xi, gi, T(1), dst);
      } else {
        funcs::Gemm<T>(true, d.trans_x, n, k, m, T(1), gi, xi, T(1), dst);
      }
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(matmul_grad, CPU, phi::MatmulGradKernel, float, double);
