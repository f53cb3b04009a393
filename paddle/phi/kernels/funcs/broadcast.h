// Broadcasting of binary elementwise ops with Paddle's rule, including the legacy `axis`
// attribute: aligning two shapes, the output dims, a strided walk over the output that gives
// each element's input offsets, and the reduction of an output gradient back to an input.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "paddle/phi/common/ddim.h"

namespace phi {
namespace funcs {

// x, y and out extents after alignment, all of the output's rank (missing dims are 1).
struct BroadcastShapes {
  std::vector<int64_t> x;
  std::vector<int64_t> y;
  std::vector<int64_t> out;
};

// Aligns x_dims and y_dims. axis == -1 aligns the shorter shape to the right (NumPy);
// axis = k >= 0 places the shorter shape's first dim at dim k of the longer one (other
// negative values count like -1, from the right). When the shorter shape does not fit, its
// trailing extents of 1 are dropped first. Extents must match or one must be 1; -1 (unknown at
// build time) matches anything. Throws InvalidArgument naming both shapes and axis.
BroadcastShapes AlignBroadcastShapes(const DDim& x_dims, const DDim& y_dims, int axis);

// The output dims of a broadcast binary op.
DDim BroadcastOutDims(const DDim& x_dims, const DDim& y_dims, int axis);

// A walk over the broadcast output: extents of 1 dropped, adjacent dims that are contiguous in
// both inputs merged, and per dim the element stride in x and y (0 where broadcast).
struct BroadcastPlan {
  int rank = 0;
  int64_t numel = 0;
  int64_t dims[DDim::kMaxRank] = {0};
  int64_t x_strides[DDim::kMaxRank] = {0};
  int64_t y_strides[DDim::kMaxRank] = {0};
};

// Requires known extents (run time).
BroadcastPlan MakeBroadcastPlan(const BroadcastShapes& shapes);

// Calls fn(out_offset, x_offset, y_offset) for rows [row_begin, row_end) of the walk (a row
// is the innermost dim, plan.dims[rank - 1] elements), in output order; rank 0 is one row of
// one element.
template <typename Fn>
void ForEachBroadcastRowIn(const BroadcastPlan& plan, int64_t row_begin, int64_t row_end, Fn&& fn) {
  if (plan.numel <= 0 || row_begin >= row_end) return;
  if (plan.rank == 0) {
    fn(int64_t{0}, int64_t{0}, int64_t{0});
    return;
  }
  const int last = plan.rank - 1;
  const int64_t inner = plan.dims[last];
  // The odometer at row_begin: its outer counters, and the offsets they give.
  int64_t counter[DDim::kMaxRank] = {0};
  int64_t x_offset = 0;
  int64_t y_offset = 0;
  int64_t rest = row_begin;
  for (int d = last - 1; d >= 0; --d) {
    counter[d] = rest % plan.dims[d];
    rest /= plan.dims[d];
    x_offset += counter[d] * plan.x_strides[d];
    y_offset += counter[d] * plan.y_strides[d];
  }
  for (int64_t row = row_begin; row < row_end; ++row) {
    fn(row * inner, x_offset, y_offset);
    for (int d = last - 1; d >= 0; --d) {  // advance the outer counter like an odometer
      x_offset += plan.x_strides[d];
      y_offset += plan.y_strides[d];
      if (++counter[d] < plan.dims[d]) break;
      x_offset -= plan.x_strides[d] * plan.dims[d];
      y_offset -= plan.y_strides[d] * plan.dims[d];
      counter[d] = 0;
    }
  }
}

// The number of rows of the walk.
inline int64_t BroadcastRows(const BroadcastPlan& plan) {
  if (plan.numel <= 0) return 0;
  return plan.rank == 0 ? 1 : plan.numel / plan.dims[plan.rank - 1];
}

// Every row of the walk, in output order.
template <typename Fn>
void ForEachBroadcastRow(const BroadcastPlan& plan, Fn&& fn) {
  ForEachBroadcastRowIn(plan, 0, BroadcastRows(plan), fn);
}

// Calls fn(out_index, x_index, y_index) for every output element, in output order.
template <typename Fn>
void ForEachBroadcastIndex(const BroadcastPlan& plan, Fn&& fn) {
  const int64_t inner = plan.rank == 0 ? 1 : plan.dims[plan.rank - 1];
  const int64_t x_step = plan.rank == 0 ? 0 : plan.x_strides[plan.rank - 1];
  const int64_t y_step = plan.rank == 0 ? 0 : plan.y_strides[plan.rank - 1];
  ForEachBroadcastRow(plan, [&](int64_t o, int64_t x, int64_t y) {
    for (int64_t j = 0; j < inner; ++j) fn(o + j, x + j * x_step, y + j * y_step);
  });
}

// Sums `out_grad` (laid out as the output) over the dims where x (for_x) or y was broadcast,
// writing `input_grad` (laid out as that input, input_numel elements). Rows along which the
// input is broadcast (a bias gradient's H*W) are summed in registers with four partial sums;
// rows it spans contiguously are added as vectors.
template <typename T>
void ReduceGradToInput(const BroadcastPlan& plan, bool for_x, const T* out_grad, T* input_grad,
                       int64_t input_numel) {
  if (input_numel == plan.numel) {  // nothing was broadcast on this side
    // Equal pointers: the gradient shares Out@GRAD's buffer (in place), already in place.
    if (input_numel > 0 && input_grad != out_grad)
      std::memcpy(input_grad, out_grad, sizeof(T) * input_numel);
    return;
  }
  for (int64_t i = 0; i < input_numel; ++i) input_grad[i] = T(0);
  const int64_t inner = plan.rank == 0 ? 1 : plan.dims[plan.rank - 1];
  const int64_t step =
      plan.rank == 0 ? 0 : (for_x ? plan.x_strides : plan.y_strides)[plan.rank - 1];
  ForEachBroadcastRow(plan, [&](int64_t o, int64_t x, int64_t y) {
    const T* __restrict__ src = out_grad + o;
    T* __restrict__ dst = input_grad + (for_x ? x : y);
    if (step == 0) {
      T s0(0), s1(0), s2(0), s3(0);
      int64_t j = 0;
      for (; j + 4 <= inner; j += 4) {
        s0 += src[j];
        s1 += src[j + 1];
        s2 += src[j + 2];
        s3 += src[j + 3];
      }
      for (; j < inner; ++j) s0 += src[j];
      *dst += (s0 + s1) + (s2 + s3);
    } else if (step == 1) {
      for (int64_t j = 0; j < inner; ++j) dst[j] += src[j];
    } else {
      for (int64_t j = 0; j < inner; ++j) dst[j * step] += src[j];
    }
  });
}

}  // namespace funcs
}  // namespace phi
