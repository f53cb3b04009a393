// randint: integers drawn uniformly from [low, high) with the given shape (int32 or int64).
// A nonzero seed gives reproducible values; seed 0 draws from the global generator that
// paddle.seed resets (funcs/random.h).
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void RandintKernel(const Context& dev_ctx, int low, int high, const std::vector<int64_t>& shape,
                   DataType dtype, int seed, DenseTensor* out);

}  // namespace phi
