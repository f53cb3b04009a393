// Logical ops: out = !x, x && y, x || y, x != y (xor) as bool, for bool inputs and numbers
// (nonzero is true); the binary ones broadcast. Out is bool whatever the inputs' type.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void LogicalNotKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void LogicalAndKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                      DenseTensor* out);

template <typename T, typename Context>
void LogicalOrKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                     DenseTensor* out);

template <typename T, typename Context>
void LogicalXorKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                      DenseTensor* out);

// shape: out = the dims of input as int32 (input's data is never read).
template <typename T, typename Context>
void ShapeKernel(const Context& dev_ctx, const DenseTensor& input, DenseTensor* out);

}  // namespace phi
