// expand_v2, expand_as_v2 and tile: x repeated to the output's dims, which InferMeta computed
// from the attributes (expand broadcasts extents of 1, tile repeats whole extents; a shape or
// repeat counts given by tensors reach InferMeta as the attributes, read at run time).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// Out (its dims set by InferMeta) filled with x repeated: the kernel of expand_v2, expand_as_v2
// and tile.
template <typename T, typename Context>
void RepeatKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

// dx sums dout over every copy of each x element (expand, expand_as and tile alike).
template <typename T, typename Context>
void RepeatGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx);

}  // namespace phi
