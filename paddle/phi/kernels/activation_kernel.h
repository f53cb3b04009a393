// Elementwise activations: relu, sigmoid (numerically stable for large |x|) and tanh.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ReluKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void SigmoidKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void TanhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

}  // namespace phi
