// momentum: velocity_out = mu * velocity + g; param_out = param - lr * velocity_out, or with
// Nesterov param - lr * (g + mu * velocity_out), where g = rescale_grad * grad (+ coeff * param
// for regularization_method "l2_decay"). In place: ParamOut may be Param, VelocityOut Velocity.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// With multi_precision the update reads MasterParam and writes MasterParamOut and ParamOut.
template <typename T, typename Context>
void MomentumKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                    const DenseTensor& velocity, const DenseTensor& learning_rate,
                    const DenseTensor* master_param, float mu, bool use_nesterov,
                    const std::string& regularization_method, float regularization_coeff,
                    bool multi_precision, float rescale_grad, DenseTensor* param_out,
                    DenseTensor* velocity_out, DenseTensor* master_param_out);

}  // namespace phi
