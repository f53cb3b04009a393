// InferMeta functions of ops with one tensor input: pure functions over tensor meta.
#pragma once

#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Out has X's dims and dtype.
void UnchangedInferMeta(const MetaTensor& x, MetaTensor* out);

// Out has X's dims and layout, and dtype out_dtype.
void CastInferMeta(const MetaTensor& x, DataType out_dtype, MetaTensor* out);

}  // namespace phi
