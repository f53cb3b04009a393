// The geometry softmax and its grad share: a tensor seen as [outer, axis extent, inner]
// around the softmax axis.
#pragma once

#include <cstdint>

#include "paddle/phi/common/ddim.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {
namespace funcs {

struct SoftmaxShape {
  int64_t outer = 1;
  int64_t axis_extent = 1;
  int64_t inner = 1;
};

inline SoftmaxShape MakeSoftmaxShape(const DDim& dims, int axis) {
  const int rank = dims.size();
  const int a = NormalizeAxis(axis, rank, "softmax axis");
  SoftmaxShape s;
  if (rank == 0) return s;  // a 0-D tensor is its own single-element axis
  s.outer = product(dims, 0, a);
  s.axis_extent = dims[a];
  s.inner = product(dims, a + 1, rank);
  return s;
}

}  // namespace funcs
}  // namespace phi
