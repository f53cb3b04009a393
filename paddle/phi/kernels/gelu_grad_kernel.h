// gelu_grad: X@GRAD = Out@GRAD * d gelu(x) / dx, for the exact and the tanh form.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void GeluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out_grad,
                    bool approximate, DenseTensor* x_grad);

}  // namespace phi
