// stack: joins tensors of equal dims along a new axis in [-(rank+1), rank+1). Y's dims come
// from StackInferMeta.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void StackKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x, int axis,
                 DenseTensor* y);

}  // namespace phi
