// max (legacy reduce_max) and min (legacy reduce_min) over a set of axes: all axes when
// reduce_all is set or dims is empty; negative dims count from the end. A NaN wins. Reducing
// an empty set of elements raises InvalidArgument.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MaxKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& dims,
               bool keep_dim, bool reduce_all, DenseTensor* out);

template <typename T, typename Context>
void MinKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& dims,
               bool keep_dim, bool reduce_all, DenseTensor* out);

}  // namespace phi
