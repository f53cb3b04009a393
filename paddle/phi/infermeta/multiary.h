// InferMeta functions of ops with several (or a list of) tensor inputs: add_n, sgd,
// select_input, range.
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

// Out takes the meta of the first X whose dtype is known (the branches of a cond agree);
// Mask must be an int32 tensor of one element.
void SelectInputInferMeta(const std::vector<const MetaTensor*>& x, const MetaTensor& mask,
                          MetaTensor* out);

// Start, End and Step hold one element each, of one dtype; Out is 1-D of that dtype, its
// length (-1 here) set by the kernel from the values.
void RangeInferMeta(const MetaTensor& start, const MetaTensor& end, const MetaTensor& step,
                    MetaTensor* out);

}  // namespace phi
