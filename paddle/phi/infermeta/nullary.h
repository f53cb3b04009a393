// InferMeta functions of ops with no tensor input (creation ops: full, uniform, gaussian,
// randint, randperm):
// the output meta comes from attributes alone.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Out gets dims `shape` and dtype `dtype`. Every extent must be known and non-negative.
void CreateInferMeta(const std::vector<int64_t>& shape, DataType dtype, MetaTensor* out);
// randint: low < high, dtype int32 or int64, then CreateInferMeta.
void RandintInferMeta(int low, int high, const std::vector<int64_t>& shape, DataType dtype,
                      MetaTensor* out);
// randperm: n >= 0, dtype int32, int64, float32 or float64; Out is [n].
void RandpermInferMeta(int n, DataType dtype, MetaTensor* out);

}  // namespace phi
