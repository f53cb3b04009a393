// InferMeta functions of math ops that no shared one fits: comparisons and logical_not (bool
// outputs) and fill_any_like (X's dims, a dtype attribute that may follow X).
#pragma once

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Out has the broadcast dims of X and Y (Paddle's rule with the legacy axis) and dtype bool;
// X and Y must share a dtype.
void CompareInferMeta(const MetaTensor& x, const MetaTensor& y, int axis, MetaTensor* out);

// Out has X's dims and dtype bool.
void LogicalNotInferMeta(const MetaTensor& x, MetaTensor* out);

// Out has X's dims and dtype `dtype`, or X's dtype when dtype is UNDEFINED (attribute -1).
void FullLikeInferMeta(const MetaTensor& x, double value, DataType dtype, MetaTensor* out);

}  // namespace phi
