// Ordered (value, index) candidates for the GPU selection kernels (arg_max, arg_min, top_k):
// each comparison below is a strict total order on candidates, so a block reduction with it
// gives the same winner in any combination order, the one the CPU loops pick. Also the one
// arg_max / arg_min implementation.
#pragma once

#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"

namespace phi {
namespace gpu {
namespace select {

// A value and its position along the row; `valid` is false for a thread with no element.
// Trivially constructible: reductions keep it in shared memory.
template <typename T>
struct Candidate {
  T value;
  int64_t index;
  bool valid;
};

template <typename T>
__device__ inline bool IsNan(T v) {
  return v != v;  // false for every integer
}

// arg_max / arg_min (NumPy's rule): the first NaN wins over any number; otherwise the larger
// (kMin: smaller) value; equal values, the lower index.
template <bool kMin>
struct ArgExtremeOp {
  template <typename T>
  __device__ Candidate<T> operator()(const Candidate<T>& a, const Candidate<T>& b) const {
    if (!a.valid) return b;
    if (!b.valid) return a;
    const bool a_nan = IsNan(a.value), b_nan = IsNan(b.value);
    if (a_nan != b_nan) return a_nan ? a : b;
    if (!a_nan && a.value != b.value) return (kMin ? a.value < b.value : a.value > b.value) ? a : b;
    return a.index < b.index ? a : b;
  }
};

// top_k's order: whether a comes before b (the better value first, NaN counting as the
// largest; equal values, the lower index first).
template <typename T>
__device__ inline bool TopkBefore(const Candidate<T>& a, const Candidate<T>& b, bool largest) {
  const bool a_nan = IsNan(a.value), b_nan = IsNan(b.value);
  if (a_nan != b_nan) return largest ? a_nan : b_nan;
  if (!a_nan && a.value != b.value) return largest ? a.value > b.value : a.value < b.value;
  return a.index < b.index;
}

struct TopkFirstOp {
  bool largest;
  template <typename T>
  __device__ Candidate<T> operator()(const Candidate<T>& a, const Candidate<T>& b) const {
    if (!a.valid) return b;
    if (!b.valid) return a;
    return TopkBefore(a, b, largest) ? a : b;
  }
};

template <bool kMin, typename T, typename Index>
struct ArgExtremeRow {
  const T* in;
  Index* out;
  template <typename Group>
  __device__ void operator()(Group group, rows::Row row) const {
    Candidate<T> best{T(), 0, false};
    const ArgExtremeOp<kMin> op;
    for (int64_t j = group.first(); j < row.n; j += group.step())
      best = op(best, Candidate<T>{in[row.base + j * row.stride], j, true});
    best = group.Reduce(best, op);
    if (group.first() == 0) out[row.index] = static_cast<Index>(best.valid ? best.index : 0);
  }
};

// The index of the extreme value per row of [outer, n, inner] (or of the flattened tensor),
// written as int32 or int64; `op` names the op in errors.
template <bool kMin, typename T>
void ArgExtreme(const char* op, const GPUContext& dev_ctx, const DenseTensor& x, int64_t axis,
                bool flatten, DataType dtype, DenseTensor* out) {
  funcs::SoftmaxShape s;
  if (flatten) {
    s.axis_extent = x.numel();
  } else {
    s = funcs::MakeSoftmaxShape(x.dims(), static_cast<int>(axis));
  }
  PD_CHECK(s.axis_extent > 0 || s.outer * s.inner == 0, InvalidArgument, "expected ", op,
           "'s X to be non-empty along the reduced axis, but got X ", x.dims());
  const T* in = x.data<T>();
  if (dtype == DataType::INT32) {
    rows::ForEachRow(dev_ctx, s,
                     ArgExtremeRow<kMin, T, int32_t>{in, dev_ctx.template Alloc<int32_t>(out)});
  } else {
    rows::ForEachRow(dev_ctx, s,
                     ArgExtremeRow<kMin, T, int64_t>{in, dev_ctx.template Alloc<int64_t>(out)});
  }
}

}  // namespace select
}  // namespace gpu
}  // namespace phi
