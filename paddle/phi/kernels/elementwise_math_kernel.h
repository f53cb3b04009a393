// Broadcast binary math kernels beyond the four arithmetic ones: maximum (legacy
// elementwise_max), minimum (elementwise_min) and elementwise_pow, with Paddle's broadcast
// rule and legacy axis (funcs/broadcast.h). Integer pow rounds the double result.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MaximumKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                   DenseTensor* out);

template <typename T, typename Context>
void MinimumKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                   DenseTensor* out);

template <typename T, typename Context>
void ElementwisePowKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                          int axis, DenseTensor* out);

}  // namespace phi
