// InferMeta functions of adamax and adadelta: every state input must match Param's dims, the
// learning rate (and Beta1Pow) hold one element, and each output takes the meta of the input
// it updates.
#pragma once

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

void AdamaxInferMeta(const MetaTensor& param, const MetaTensor& grad,
                     const MetaTensor& learning_rate, const MetaTensor& moment,
                     const MetaTensor& inf_norm, const MetaTensor& beta1_pow, MetaTensor* param_out,
                     MetaTensor* moment_out, MetaTensor* inf_norm_out);

// LearningRate is optional (older programs have none).
void AdadeltaInferMeta(const MetaTensor& param, const MetaTensor& grad,
                       const MetaTensor& avg_squared_grad, const MetaTensor& avg_squared_update,
                       const MetaTensor& learning_rate, MetaTensor* param_out,
                       MetaTensor* avg_squared_grad_out, MetaTensor* avg_squared_update_out);

}  // namespace phi
