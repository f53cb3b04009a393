// assign: Out is a copy of X (its own storage, same dims and dtype).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void AssignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

}  // namespace phi
