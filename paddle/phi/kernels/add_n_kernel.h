// add_n (legacy op sum, used to accumulate gradients): out = x[0] + x[1] + ...; every input
// holds the same number of elements, and out may be one of the inputs.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void AddNKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                DenseTensor* out);

}  // namespace phi
