// layer_norm: normalizes X over the trailing dims from begin_norm_axis on (each row of X seen
// as [left, right]), then applies the optional Scale and Bias [right]. Mean and Variance
// (biased, not inverse std) [left] are saved for the grad.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void LayerNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* scale,
                     const DenseTensor* bias, float epsilon, int begin_norm_axis, DenseTensor* y,
                     DenseTensor* mean, DenseTensor* variance);

}  // namespace phi
