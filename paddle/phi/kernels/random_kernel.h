// Random creation kernels: uniform (legacy uniform_random) and gaussian (legacy
// gaussian_random). A nonzero seed gives reproducible values; seed 0 draws from the global
// generator (funcs/random.h).
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// Values uniformly distributed in [min, max); min must not exceed max.
template <typename T, typename Context>
void UniformKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, DataType dtype,
                   float min, float max, int seed, DenseTensor* out);

// Values normally distributed with the given mean and standard deviation (std >= 0).
template <typename T, typename Context>
void GaussianKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, float mean,
                    float std, int seed, DataType dtype, DenseTensor* out);

}  // namespace phi
