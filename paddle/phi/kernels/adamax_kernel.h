// adamax: moment_out = beta1 * moment + (1 - beta1) * g;
// inf_norm_out = max(beta2 * inf_norm + epsilon, |g|);
// param_out = param - lr / (1 - beta1_pow) * moment_out / inf_norm_out. Beta1Pow is read, not
// advanced (the optimizer scales it by beta1 after the op, as PaddlePaddle's does).
// In place: each output may be the input it updates.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void AdamaxKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                  const DenseTensor& learning_rate, const DenseTensor& moment,
                  const DenseTensor& inf_norm, const DenseTensor& beta1_pow, float beta1,
                  float beta2, float epsilon, DenseTensor* param_out, DenseTensor* moment_out,
                  DenseTensor* inf_norm_out);

}  // namespace phi
