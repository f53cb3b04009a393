// InferMeta functions of grad ops.
#pragma once

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// dx takes x's meta and dy takes y's meta; either output may be absent (null).
void GeneralBinaryGradInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* dx,
                                MetaTensor* dy);
// dx takes x's meta; dx may be absent.
void UnchangedGradInferMeta(const MetaTensor& x, MetaTensor* dx);

}  // namespace phi
