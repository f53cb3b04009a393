// gelu: x * Phi(x) with the exact normal CDF (erf), or with the tanh approximation
// 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))) when approximate.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void GeluKernel(const Context& dev_ctx, const DenseTensor& x, bool approximate, DenseTensor* out);

}  // namespace phi
