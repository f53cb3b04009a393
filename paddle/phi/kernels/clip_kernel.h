// clip: out = min(max(x, min), max). The bounds come from the optional one-element tensors
// Min / Max when given, else from the attributes; min > max raises InvalidArgument.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ClipKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* min_tensor,
                const DenseTensor* max_tensor, float min, float max, DenseTensor* out);

// The bound in effect: the tensor's one value when given, else the attribute.
double ClipBound(const DenseTensor* tensor, float attr, const char* name);

}  // namespace phi
