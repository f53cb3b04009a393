// dropout: in training, zeroes each element with probability p (Mask records the kept ones as
// uint8 1) and, for "upscale_in_train", divides the kept ones by 1 - p; at inference
// "downgrade_in_infer" multiplies by 1 - p and "upscale_in_train" is the identity.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// The random engine is seeded from seed_tensor when given, else from `seed` when fix_seed,
// else from the global generator.
template <typename T, typename Context>
void DropoutKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* seed_tensor,
                   float p, bool is_test, const std::string& mode, int seed, bool fix_seed,
                   DenseTensor* out, DenseTensor* mask);

}  // namespace phi
