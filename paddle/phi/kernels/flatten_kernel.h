// flatten (legacy flatten_contiguous_range): Out is a view of X's storage with dims
// start_axis..stop_axis merged into one, as FlattenWithXShapeInferMeta computed them.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void FlattenKernel(const Context& dev_ctx, const DenseTensor& x, int start_axis, int stop_axis,
                   DenseTensor* out);

}  // namespace phi
