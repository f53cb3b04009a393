// Gradients of the broadcast binary elementwise kernels. The gradient of an input that was
// broadcast is summed over the broadcast dims back to that input's shape. dx or dy may be
// nullptr when that gradient is not wanted.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void AddGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                   const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy);

template <typename T, typename Context>
void SubtractGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                        const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy);

template <typename T, typename Context>
void MultiplyGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                        const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy);

// Uses the forward output: dy = -dout * out / y.
template <typename T, typename Context>
void DivideGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                      const DenseTensor& out, const DenseTensor& dout, int axis, DenseTensor* dx,
                      DenseTensor* dy);

}  // namespace phi
