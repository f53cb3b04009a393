// pad (the legacy constant pad): Out is X surrounded by pad_value, paddings[2i] before and
// paddings[2i + 1] after dim i (dim rank-1-i when pad_from_first_axis is false). The grad
// cuts X@GRAD back out of Out@GRAD.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void PadKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& paddings,
               float pad_value, bool pad_from_first_axis, DenseTensor* out);

template <typename T, typename Context>
void PadGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                   const std::vector<int>& paddings, bool pad_from_first_axis, DenseTensor* dx);

}  // namespace phi
