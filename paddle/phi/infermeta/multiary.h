// InferMeta functions of ops with several (or a list of) tensor inputs: add_n, sgd.
#pragma once

#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// All inputs must hold the same number of elements (unknown counts are compatible); out
// takes the dims of the first input whose dims are fully known (else the first input's).
void AddNInferMeta(const std::vector<const MetaTensor*>& x, MetaTensor* out);

// grad must have param's dims, learning_rate one element; param_out takes param's meta.
void SgdInferMeta(const MetaTensor& param, const MetaTensor& learning_rate,
                  const MetaTensor& grad, MetaTensor* param_out);

}  // namespace phi
