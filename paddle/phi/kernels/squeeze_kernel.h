// squeeze (legacy squeeze2) and unsqueeze (legacy unsqueeze2): Out is a view of X's storage
// (no copy) with the dims Squeeze/UnsqueezeWithXShapeInferMeta computed from `axes`.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SqueezeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& axes,
                   DenseTensor* out);

template <typename T, typename Context>
void UnsqueezeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& axes,
                     DenseTensor* out);

}  // namespace phi
