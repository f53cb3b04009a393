// cumprod: running products along axis dim, Out[i] = X[0] * ... * X[i]. The gradient,
// X@GRAD[i] = (X[0] ... X[i-1]) * sum_{k >= i} Out@GRAD[k] * X[i+1] ... X[k], is computed
// without dividing by X, so it is exact where X holds zeros.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void CumprodKernel(const Context& dev_ctx, const DenseTensor& x, int dim, DenseTensor* out);

template <typename T, typename Context>
void CumprodGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out_grad,
                       int dim, DenseTensor* x_grad);

}  // namespace phi
