// transpose (legacy op transpose2): out.dims[i] = x.dims[axis[i]], a real copy in the
// permuted order; negative axis entries count from the end.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void TransposeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& axis,
                     DenseTensor* out);

}  // namespace phi
