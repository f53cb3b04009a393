// InferMeta functions of ops with no tensor input (creation ops: full, uniform, gaussian):
// the output meta comes from attributes alone.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Out gets dims `shape` and dtype `dtype`. Every extent must be known and non-negative.
void CreateInferMeta(const std::vector<int64_t>& shape, DataType dtype, MetaTensor* out);

}  // namespace phi
