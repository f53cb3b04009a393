// softmax over one axis (negative counts from the end), computed stably by subtracting
// the maximum along the axis before exponentiating.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SoftmaxKernel(const Context& dev_ctx, const DenseTensor& x, int axis, DenseTensor* out);

}  // namespace phi
