// full (legacy fill_constant): a tensor of the given shape with every element set to value.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// Out gets dims `shape`; dtype selects the kernel (T). The value is `str_value` when set (exact:
// an int64 beyond float's precision, a float64 decimal), else `value`. Integer and bool outputs
// take the value converted; an integer value out of T's range raises InvalidArgument.
template <typename T, typename Context>
void FullKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, double value,
                const std::string& str_value, DataType dtype, DenseTensor* out);

}  // namespace phi
