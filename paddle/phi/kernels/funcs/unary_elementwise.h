// The loops of elementwise unary kernels and their gradients: out[i] = op(x[i]) and
// dx[i] = op(v[i], dout[i]) with v = X or Out. Elementwise, so an output may share its
// input's storage (in place); the inputs are held alive across the allocation.
#pragma once

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
namespace funcs {

// min(max(v, lo), hi) as PaddlePaddle computes it (NaN passes through), written as two plain
// selects: the vectorizer turns each into a compare and blend, while a nested select stays a
// branch that mispredicts on data of mixed sign.
template <typename T>
inline T Clamp(T v, T lo, T hi) {
  const T low_clipped = v < lo ? lo : v;
  return hi < low_clipped ? hi : low_clipped;
}

// hard_swish with PaddlePaddle's defaults (threshold 6, scale 6, offset 3), in the order of its
// kernel: the fused convolutions' epilogues compute it so.
template <typename T>
inline T HardSwish(T v) {
  return v * Clamp(v + T(3), T(0), T(6)) / T(6);
}

// Out = op over X in ranges: range_op(in, out, count) on consecutive pieces split over the
// pool (for ops computed a block at a time, e.g. through Eigen's vectorized functions).
template <typename T, typename Context, typename RangeOp>
void UnaryRanges(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out,
                 const char* op_name, RangeOp range_op) {
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected ", op_name,
           "'s Out to have X's dims ", x.dims(), ", but got ", out->dims());
  const DenseTensor x_in = x;  // keeps X's storage alive if Out aliases it
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  ParallelRange(x_in.numel(), 1, [&](int64_t begin, int64_t end) {
    range_op(in + begin, result + begin, end - begin);
  });
}

template <typename T, typename Context, typename Op>
void Unary(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out, const char* op_name,
           Op op) {
  UnaryRanges<T>(dev_ctx, x, out, op_name, [&](const T* in, T* result, int64_t count) {
    for (int64_t i = 0; i < count; ++i) result[i] = op(in[i]);
  });
}

template <typename T, typename Context, typename Op>
void UnaryGrad(const Context& dev_ctx, const DenseTensor& v, const DenseTensor& dout,
               DenseTensor* dx, const char* what, Op op) {
  if (dx == nullptr) return;
  PD_CHECK(dout.numel() == v.numel() && dx->numel() == v.numel(), InvalidArgument, "expected ",
           what, "'s Out@GRAD and X@GRAD to have dims ", v.dims(), ", but got ", dout.dims(),
           " and ", dx->dims());
  const DenseTensor v_in = v;  // keep storage alive if dx aliases one of them
  const DenseTensor d_in = dout;
  const T* a = v_in.data<T>();
  const T* d = d_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(dx);
  ParallelRange(v_in.numel(), 1, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) result[i] = op(a[i], d[i]);
  });
}

}  // namespace funcs
}  // namespace phi
