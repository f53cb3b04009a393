// squared_l2_norm: Out[0] = sum of x^2 over every element (accumulated in double).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SquaredL2NormKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

}  // namespace phi
