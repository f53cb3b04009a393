// sgd: param_out = param - learning_rate[0] * grad. param_out may be param itself (the
// usual in-place update). learning_rate may be float32 or float64 whatever T is.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SgdKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& learning_rate,
               const DenseTensor& grad, DenseTensor* param_out);

}  // namespace phi
