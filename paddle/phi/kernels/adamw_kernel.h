// adamw: Adam with decoupled weight decay. The learning rate is lr * lr_ratio; with with_decay
// the parameter is first scaled by 1 - lr * lr_ratio * coeff, then takes the Adam step
// (funcs::AdamStep). Everything else is as in adam.
#pragma once

#include <cstdint>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void AdamwKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                 const DenseTensor& learning_rate, const DenseTensor& moment1,
                 const DenseTensor& moment2, const DenseTensor& beta1_pow,
                 const DenseTensor& beta2_pow, const DenseTensor* master_param,
                 const DenseTensor* skip_update, float beta1, float beta2, float epsilon,
                 float lr_ratio, float coeff, bool with_decay, bool lazy_mode,
                 int64_t min_row_size_to_use_multithread, bool multi_precision,
                 bool use_global_beta_pow, DenseTensor* param_out, DenseTensor* moment1_out,
                 DenseTensor* moment2_out, DenseTensor* beta1_pow_out, DenseTensor* beta2_pow_out,
                 DenseTensor* master_param_out);

}  // namespace phi
