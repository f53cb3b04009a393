// dropout: in training, zeroes each element with probability p (Mask records the kept ones as
// uint8 1) and, for "upscale_in_train", divides the kept ones by 1 - p; at inference
// "downgrade_in_infer" multiplies by 1 - p and "upscale_in_train" is the identity.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// The random engine is seeded from `seed` when fix_seed and seed != 0, else from the global
// generator. The op's Seed tensor gives both seed and fix_seed (tensor_attrs).
template <typename T, typename Context>
void DropoutKernel(const Context& dev_ctx, const DenseTensor& x, float p, bool is_test,
                   const std::string& mode, int seed, bool fix_seed, DenseTensor* out,
                   DenseTensor* mask);

}  // namespace phi
