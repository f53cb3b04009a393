// gather: the entries of X at positions Index along `axis` (Index int32/int64 of rank 0, 1 or
// [N, 1]). An index outside [0, X.dims[axis]) raises InvalidArgument before anything is written.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void GatherKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index, int axis,
                  DenseTensor* out);

}  // namespace phi
