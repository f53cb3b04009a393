// randperm: a uniformly random permutation of 0 .. n-1 (int32, int64, float32 or float64).
// A nonzero seed gives a reproducible permutation; seed 0 draws from the global generator.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void RandpermKernel(const Context& dev_ctx, int n, DataType dtype, int seed, DenseTensor* out);

}  // namespace phi
