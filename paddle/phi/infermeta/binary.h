// InferMeta functions of ops with two tensor inputs: pure functions over tensor meta.
#pragma once

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Out of a broadcast elementwise op (add, subtract, multiply, divide): dims by Paddle's
// broadcast rule with the legacy axis (see funcs::AlignBroadcastShapes), dtype and layout of X.
// An extent of -1 is compatible with anything. Throws InvalidArgument naming both shapes.
void ElementwiseInferMeta(const MetaTensor& x, const MetaTensor& y, int axis, MetaTensor* out);

}  // namespace phi
