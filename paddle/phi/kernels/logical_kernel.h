// logical_not: out = !x as bool, for bool inputs and numbers (nonzero is true). Out is bool
// whatever X's type; LogicalNotInferMeta sets it.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void LogicalNotKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

}  // namespace phi
