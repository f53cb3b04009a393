// select_input: Out = X[Mask], a view of the chosen input (the branch a cond took); the other
// inputs may never have been written.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SelectInputKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                       const DenseTensor& mask, DenseTensor* out);

}  // namespace phi
