#include "paddle/phi/kernels/funcs/broadcast.h"

#include "paddle/common/errors.h"

namespace phi {
namespace funcs {
namespace {

// Extent of the output for one aligned dim, or -2 when the extents are incompatible.
int64_t CombineExtents(int64_t a, int64_t b) {
  if (a == b) return a;
  if (a == 1) return b;
  if (b == 1) return a;
  if (a == -1) return b;  // b is a known extent other than 1: the unknown one must match it
  if (b == -1) return a;
  return -2;
}

}  // namespace

BroadcastShapes AlignBroadcastShapes(const DDim& x_dims, const DDim& y_dims, int axis) {
  const int x_rank = x_dims.size();
  const int y_rank = y_dims.size();
  const bool x_is_longer = x_rank >= y_rank;
  const int long_rank = x_is_longer ? x_rank : y_rank;
  std::vector<int64_t> longer = (x_is_longer ? x_dims : y_dims).ToVector();
  std::vector<int64_t> shorter = (x_is_longer ? y_dims : x_dims).ToVector();

  int start = 0;
  if (x_rank == y_rank) {
    PD_CHECK(axis == -1 || axis == 0, InvalidArgument,
             "expected axis -1 or 0 when X and Y have the same rank, but got axis ", axis,
             " for X ", x_dims, " and Y ", y_dims);
  } else {
    PD_CHECK(axis >= -long_rank && axis < long_rank, InvalidArgument, "expected axis in [",
             -long_rank, ", ", long_rank, ") for X ", x_dims, " and Y ", y_dims, ", but got axis ",
             axis);
    const int rank_diff = long_rank - static_cast<int>(shorter.size());
    start = axis < 0 ? rank_diff + axis + 1 : axis;
    // Paddle drops trailing 1s of the shorter shape when it would not fit otherwise.
    while (start + static_cast<int>(shorter.size()) > long_rank && !shorter.empty() &&
           shorter.back() == 1) {
      shorter.pop_back();
    }
    PD_CHECK(start >= 0 && start + static_cast<int>(shorter.size()) <= long_rank, InvalidArgument,
             "expected the shorter of X ", x_dims, " and Y ", y_dims,
             " to fit inside the longer one starting at axis ", axis, ", but it does not");
  }

  std::vector<int64_t> aligned(long_rank, 1);
  for (size_t i = 0; i < shorter.size(); ++i) aligned[start + i] = shorter[i];
  BroadcastShapes shapes;
  shapes.x = x_is_longer ? longer : aligned;
  shapes.y = x_is_longer ? aligned : longer;
  shapes.out.resize(long_rank);
  for (int i = 0; i < long_rank; ++i) {
    shapes.out[i] = CombineExtents(shapes.x[i], shapes.y[i]);
    PD_CHECK(shapes.out[i] != -2, InvalidArgument, "expected X ", x_dims, " and Y ", y_dims,
             " to be broadcastable with axis ", axis,
             " (aligned extents equal or 1), but got aligned X ", DDim(shapes.x), " and Y ",
             DDim(shapes.y), " differing at dim ", i);
  }
  return shapes;
}

DDim BroadcastOutDims(const DDim& x_dims, const DDim& y_dims, int axis) {
  if (x_dims == y_dims) {
    PD_CHECK(axis == -1 || axis == 0, InvalidArgument,
             "expected axis -1 or 0 when X and Y have the same rank, but got axis ", axis,
             " for X ", x_dims, " and Y ", y_dims);
    return x_dims;
  }
  return DDim(AlignBroadcastShapes(x_dims, y_dims, axis).out);
}

BroadcastPlan MakeBroadcastPlan(const BroadcastShapes& shapes) {
  const int rank = static_cast<int>(shapes.out.size());
  std::vector<int64_t> x_strides(rank), y_strides(rank);
  int64_t x_stride = 1, y_stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    PD_ASSERT(shapes.x[i] >= 0 && shapes.y[i] >= 0, "broadcast plan needs known extents");
    x_strides[i] = shapes.x[i] == 1 ? 0 : x_stride;
    y_strides[i] = shapes.y[i] == 1 ? 0 : y_stride;
    x_stride *= shapes.x[i];
    y_stride *= shapes.y[i];
  }
  BroadcastPlan plan;
  plan.numel = 1;
  for (int i = 0; i < rank; ++i) {
    const int64_t extent = shapes.out[i];
    plan.numel *= extent;
    if (extent == 1) continue;
    const int last = plan.rank - 1;
    if (last >= 0 && plan.x_strides[last] == x_strides[i] * extent &&
        plan.y_strides[last] == y_strides[i] * extent) {
      plan.dims[last] *= extent;  // contiguous in both inputs: one longer dim
      plan.x_strides[last] = x_strides[i];
      plan.y_strides[last] = y_strides[i];
    } else {
      plan.dims[plan.rank] = extent;
      plan.x_strides[plan.rank] = x_strides[i];
      plan.y_strides[plan.rank] = y_strides[i];
      ++plan.rank;
    }
  }
  return plan;
}

}  // namespace funcs
}  // namespace phi
