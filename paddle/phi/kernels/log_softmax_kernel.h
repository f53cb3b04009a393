// log_softmax: out = x - max - log(sum(exp(x - max))) along `axis` (negative counts from the
// end), computed with the max subtracted so large inputs do not overflow.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void LogSoftmaxKernel(const Context& dev_ctx, const DenseTensor& x, int axis, DenseTensor* out);

}  // namespace phi
