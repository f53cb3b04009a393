// where: out = condition ? x : y elementwise (all three of one shape); the gradient routes
// dout to x where the condition holds and to y elsewhere.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void WhereKernel(const Context& dev_ctx, const DenseTensor& condition, const DenseTensor& x,
                 const DenseTensor& y, DenseTensor* out);

template <typename T, typename Context>
void WhereGradKernel(const Context& dev_ctx, const DenseTensor& condition, const DenseTensor& dout,
                     DenseTensor* dx, DenseTensor* dy);

}  // namespace phi
