// reshape (legacy op reshape2): out is a view of x's storage with new dims (no copy).
// Paddle's target rules: 0 copies x's extent at that position, one -1 is inferred.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ReshapeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& shape,
                   DenseTensor* out);

}  // namespace phi
