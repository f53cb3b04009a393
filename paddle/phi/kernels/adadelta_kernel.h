// adadelta: avg_squared_grad_out = rho * avg_squared_grad + (1 - rho) * g^2;
// update = -sqrt((avg_squared_update + epsilon) / (avg_squared_grad_out + epsilon)) * g;
// avg_squared_update_out = rho * avg_squared_update + (1 - rho) * update^2;
// param_out = param + lr * update, lr 1 when LearningRate is absent (older programs).
// In place: each output may be the input it updates.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void AdadeltaKernel(const Context& dev_ctx, const DenseTensor& param, const DenseTensor& grad,
                    const DenseTensor& avg_squared_grad, const DenseTensor& avg_squared_update,
                    const DenseTensor* learning_rate, float rho, float epsilon,
                    DenseTensor* param_out, DenseTensor* avg_squared_grad_out,
                    DenseTensor* avg_squared_update_out);

}  // namespace phi
