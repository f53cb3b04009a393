// Broadcast binary elementwise kernels: add, subtract, multiply, divide. Broadcasting follows
// Paddle's rule with the legacy axis attribute (funcs/broadcast.h; axis -1 is NumPy's rule).
// Integer divide truncates toward zero; a zero integer divisor raises InvalidArgument.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void AddKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
               DenseTensor* out);

template <typename T, typename Context>
void SubtractKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                    DenseTensor* out);

template <typename T, typename Context>
void MultiplyKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                    DenseTensor* out);

template <typename T, typename Context>
void DivideKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                  DenseTensor* out);

}  // namespace phi
