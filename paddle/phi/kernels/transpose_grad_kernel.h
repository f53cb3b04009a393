// transpose_grad: dout permuted back by the inverse of axis.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void TransposeGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                         const std::vector<int>& axis, DenseTensor* dx);

}  // namespace phi
