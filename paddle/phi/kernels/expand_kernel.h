// expand_v2, expand_as_v2 and tile: x repeated to the output's dims, which InferMeta computed
// from the attributes (expand broadcasts extents of 1, tile repeats whole extents); shapes and
// repeat counts given as tensors are refused.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// Out (its dims set by InferMeta) filled with x repeated; expand_as_v2 runs this directly.
template <typename T, typename Context>
void RepeatKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

// expand_v2 and tile: RepeatKernel after refusing a shape or repeat counts given as tensors.
template <typename T, typename Context>
void ExpandKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* shape_tensor,
                  const std::vector<const DenseTensor*>& shape_tensors, DenseTensor* out);

template <typename T, typename Context>
void TileKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* repeat_tensor,
                const std::vector<const DenseTensor*>& repeat_tensors, DenseTensor* out);

// dx sums dout over every copy of each x element (expand, expand_as and tile alike).
template <typename T, typename Context>
void RepeatGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx);

}  // namespace phi
