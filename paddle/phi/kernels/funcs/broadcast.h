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

// Calls fn(out_index, x_index, y_index) for every output element, in output order.
template <typename Fn>
void ForEachBroadcastIndex(const BroadcastPlan& plan, Fn&& fn) {
  if (plan.numel <= 0) return;
  if (plan.rank == 0) {
    fn(int64_t{0}, int64_t{0}, int64_t{0});
    return;
  }
  const int last = plan.rank - 1;
  const int64_t inner = plan.dims[last];
  const int64_t x_step = plan.x_strides[last];
  const int64_t y_step = plan.y_strides[last];
  int64_t counter[DDim::kMaxRank] = {0};
  int64_t x_offset = 0;
  int64_t y_offset = 0;
  for (int64_t out_offset = 0; out_offset < plan.numel; out_offset += inner) {
    for (int64_t j = 0; j < inner; ++j)
      fn(out_offset + j, x_offset + j * x_step, y_offset + j * y_step);
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

// Sums `out_grad` (laid out as the output) over the dims where x (for_x) or y was broadcast,
// writing `input_grad` (laid out as that input, input_numel elements).
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
  if (for_x) {
    ForEachBroadcastIndex(plan,
                          [&](int64_t o, int64_t xi, int64_t) { input_grad[xi] += out_grad[o]; });
  } else {
    ForEachBroadcastIndex(plan,
                          [&](int64_t o, int64_t, int64_t yi) { input_grad[yi] += out_grad[o]; });
  }
}

}  // namespace funcs
}  // namespace phi
