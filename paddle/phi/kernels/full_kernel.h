// full (legacy fill_constant): a tensor of the given shape with every element set to value.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// Out gets dims `shape`; dtype selects the kernel (T). Integer and bool outputs take the
// value converted; an integer value out of T's range raises InvalidArgument.
template <typename T, typename Context>
void FullKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, double value,
                DataType dtype, DenseTensor* out);

}  // namespace phi
