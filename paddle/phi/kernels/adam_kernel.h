// adam: one Adam step (funcs::AdamStep gives the formulas); Beta1Pow/Beta2Pow hold beta^t and
// are advanced in place unless use_global_beta_pow. The op's Beta1Tensor, Beta2Tensor and
// EpsilonTensor give beta1, beta2 and epsilon (tensor_attrs); a true SkipUpdate leaves every
// state unchanged.
#pragma once

#include <cstdint>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// lazy_mode and min_row_size_to_use_multithread concern sparse gradients; dense ones ignore
// them. With multi_precision the step reads MasterParam and writes MasterParamOut and ParamOut.
template <typename T, typename Context>
void AdamKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                const DenseTensor& learning_rate, const DenseTensor& moment1,
                const DenseTensor& moment2, const DenseTensor& beta1_pow,
                const DenseTensor& beta2_pow, const DenseTensor* master_param,
                const DenseTensor* skip_update, float beta1, float beta2, float epsilon,
                bool lazy_mode, int64_t min_row_size_to_use_multithread, bool multi_precision,
                bool use_global_beta_pow, DenseTensor* param_out, DenseTensor* moment1_out,
                DenseTensor* moment2_out, DenseTensor* beta1_pow_out, DenseTensor* beta2_pow_out,
                DenseTensor* master_param_out);

}  // namespace phi
