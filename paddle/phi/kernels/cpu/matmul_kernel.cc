#include "paddle/phi/kernels/matmul_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/kernels/funcs/blas.h"

namespace phi {

template <typename T, typename Context>
void MatmulKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                  bool trans_x, bool trans_y, DenseTensor* out) {
  const MatmulDims d = ComputeMatmulDims(x.dims(), y.dims(), trans_x, trans_y);
  out->Resize(d.out);
  T* result = dev_ctx.template Alloc<T>(out);
  // Nothing to compute; and an empty operand bounds no batch extent, so the batch indices
  // below could number billions (X [1e9, 0, 2]).
  if (out->numel() == 0) return;
  const T* a = x.data<T>();
  const T* b = y.data<T>();
  std::vector<int64_t> x_index, y_index;
  MatmulBatchIndices(d, &x_index, &y_index);
  const int64_t batches = static_cast<int64_t>(x_index.size());
  int64_t y_batches = 1;
  for (int64_t extent : d.y_batch) y_batches *= extent;
  if (y_batches == 1 && !d.trans_x) {
    // One y for every batch: stack x's batches into a single tall GEMM.
    funcs::GemmWeightsB<T>(false, d.trans_y, batches * d.m, d.n, d.k, T(1), a, y, T(0), result);
    return;
  }
  for (int64_t i = 0; i < batches; ++i) {
    funcs::Gemm<T>(d.trans_x, d.trans_y, d.m, d.n, d.k, T(1), a + x_index[i] * d.m * d.k,
                   b + y_index[i] * d.k * d.n, T(0), result + i * d.m * d.n);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(matmul, CPU, phi::MatmulKernel, float, double);
