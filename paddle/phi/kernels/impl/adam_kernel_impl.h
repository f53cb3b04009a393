// adam written once for both backends: the attributes gathered into funcs::AdamConfig, then one
// funcs::AdamStep on the context's device (its GPU overload is in gpu/adam_step.cuh).
#pragma once

#include "paddle/phi/kernels/adam_kernel.h"
#include "paddle/phi/kernels/funcs/optimizer.h"

namespace phi {

template <typename T, typename Context>
void AdamKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                const DenseTensor& learning_rate, const DenseTensor& moment1,
                const DenseTensor& moment2, const DenseTensor& beta1_pow,
                const DenseTensor& beta2_pow, const DenseTensor* master_param,
                const DenseTensor* skip_update, float beta1, float beta2, float epsilon,
                bool lazy_mode, int64_t min_row_size_to_use_multithread, bool multi_precision,
                bool use_global_beta_pow, DenseTensor* param_out, DenseTensor* moment1_out,
                DenseTensor* moment2_out, DenseTensor* beta1_pow_out, DenseTensor* beta2_pow_out,
                DenseTensor* master_param_out) {
  funcs::AdamConfig config;
  config.beta1 = beta1;
  config.beta2 = beta2;
  config.epsilon = epsilon;
  config.multi_precision = multi_precision;
  config.use_global_beta_pow = use_global_beta_pow;
  funcs::AdamStep<T>(dev_ctx, "adam",
                     {&param, &grad, &learning_rate, &moment1, &moment2, &beta1_pow, &beta2_pow,
                      master_param, skip_update, param_out, moment1_out, moment2_out, beta1_pow_out,
                      beta2_pow_out, master_param_out},
                     config);
}

}  // namespace phi
