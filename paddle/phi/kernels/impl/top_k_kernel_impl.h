// topk (top_k_v2) and topk_v1 written once for both backends: the checks and outputs, with
// TopkRows, the selection in each row along the axis, each backend's own.
#pragma once

#include <cstdint>

#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/top_k_kernel.h"

namespace phi {
class CPUContext;
class GPUContext;

// For each row of `in` seen as [outer, n, inner] (s), its k best values in top_k's order into
// values [outer, k, inner] and their indices along the axis into positions.
template <typename T>
void TopkRows(const CPUContext& ctx, const funcs::SoftmaxShape& s, const T* in, int64_t k,
              bool largest, T* values, int64_t* positions);
template <typename T>
void TopkRows(const GPUContext& ctx, const funcs::SoftmaxShape& s, const T* in, int64_t k,
              bool largest, T* values, int64_t* positions);

template <typename T, typename Context>
void TopkKernel(const Context& dev_ctx, const DenseTensor& x, int k, int axis, bool largest,
                bool sorted, DenseTensor* out, DenseTensor* indices) {
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(x.dims(), axis);
  const int64_t n = s.axis_extent;
  PD_CHECK(k >= 1 && k <= n, InvalidArgument, "expected top_k's k in [1, ", n, "] for X ",
           x.dims(), ", but got ", k);
  const T* in = x.data<T>();
  T* values = dev_ctx.template Alloc<T>(out);
  int64_t* positions = dev_ctx.template Alloc<int64_t>(indices);
  TopkRows(dev_ctx, s, in, k, largest, values, positions);
}

template <typename T, typename Context>
void TopkV1Kernel(const Context& dev_ctx, const DenseTensor& x, int k, DenseTensor* out,
                  DenseTensor* indices) {
  TopkKernel<T>(dev_ctx, x, k, -1, true, true, out, indices);
}

}  // namespace phi
