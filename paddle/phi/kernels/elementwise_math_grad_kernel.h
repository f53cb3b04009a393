// Gradients of maximum, minimum and elementwise_pow, summed over broadcast dims. As in Paddle,
// a tie of maximum (x == y) sends the gradient to y, and a tie of minimum to y as well.
// elementwise_pow: dx = dout * y * x^(y-1), dy = dout * x^y * ln(x) (0 where x == 0).
// dx or dy may be nullptr when not wanted.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MaximumGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                       const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy);

template <typename T, typename Context>
void MinimumGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                       const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy);

template <typename T, typename Context>
void ElementwisePowGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                              const DenseTensor& dout, int axis, DenseTensor* dx,
                              DenseTensor* dy);

}  // namespace phi
