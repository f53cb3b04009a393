// expand_v2 and tile written once for both backends: they refuse a shape or repeat counts given
// as tensors, then run the backend's RepeatKernel (Out's dims come from InferMeta).
#pragma once

#include <algorithm>
#include <vector>

#include "paddle/phi/kernels/expand_kernel.h"

namespace phi {

// Raises Unimplemented when `single` or any of `list` is given: `what` of `op` is taken only
// from its attribute.
inline void RefuseTensorArgs(const DenseTensor* single, const std::vector<const DenseTensor*>& list,
                             const char* op, const char* what) {
  bool given = single != nullptr || std::any_of(list.begin(), list.end(),
                                                [](const DenseTensor* t) { return t != nullptr; });
  PD_CHECK(!given, Unimplemented, op, " with ", what,
           " given as tensors is not supported yet; pass the attribute");
}

template <typename T, typename Context>
void ExpandKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* shape_tensor,
                  const std::vector<const DenseTensor*>& shape_tensors, DenseTensor* out) {
  RefuseTensorArgs(shape_tensor, shape_tensors, "expand_v2", "the shape");
  RepeatKernel<T>(dev_ctx, x, out);
}

template <typename T, typename Context>
void TileKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* repeat_tensor,
                const std::vector<const DenseTensor*>& repeat_tensors, DenseTensor* out) {
  RefuseTensorArgs(repeat_tensor, repeat_tensors, "tile", "repeat_times");
  RepeatKernel<T>(dev_ctx, x, out);
}

}  // namespace phi
