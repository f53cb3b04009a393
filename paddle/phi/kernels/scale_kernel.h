// scale: out = scale * x + bias (bias_after_scale) or scale * (x + bias).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ScaleKernel(const Context& dev_ctx, const DenseTensor& x, double scale, double bias,
                 bool bias_after_scale, DenseTensor* out);

}  // namespace phi
