// Gradients of relu, sigmoid and tanh, computed from the forward output Out (not X), so the
// forward input need not be kept alive for the backward pass.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// dx = dout where out > 0, else 0.
template <typename T, typename Context>
void ReluGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx);

// dx = dout * out * (1 - out).
template <typename T, typename Context>
void SigmoidGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                       DenseTensor* dx);

// dx = dout * (1 - out^2).
template <typename T, typename Context>
void TanhGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx);

}  // namespace phi
