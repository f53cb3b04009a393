#include "paddle/phi/infermeta/optimizer_extra.h"

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/optimizer.h"

namespace phi {

void AdamaxInferMeta(const MetaTensor& param, const MetaTensor& grad,
                     const MetaTensor& learning_rate, const MetaTensor& moment,
                     const MetaTensor& inf_norm, const MetaTensor& beta1_pow, MetaTensor* param_out,
                     MetaTensor* moment_out, MetaTensor* inf_norm_out) {
  CheckLikeParam("adamax", param, grad, "Grad");
  CheckLikeParam("adamax", param, moment, "Moment");
  CheckLikeParam("adamax", param, inf_norm, "InfNorm");
  CheckOneElement("adamax", learning_rate, "LearningRate");
  CheckOneElement("adamax", beta1_pow, "Beta1Pow");
  param_out->share_meta(param);
  moment_out->share_meta(moment);
  inf_norm_out->share_meta(inf_norm);
}

void AdadeltaInferMeta(const MetaTensor& param, const MetaTensor& grad,
                       const MetaTensor& avg_squared_grad, const MetaTensor& avg_squared_update,
                       const MetaTensor& learning_rate, MetaTensor* param_out,
                       MetaTensor* avg_squared_grad_out, MetaTensor* avg_squared_update_out) {
  CheckLikeParam("adadelta", param, grad, "Grad");
  CheckLikeParam("adadelta", param, avg_squared_grad, "AvgSquaredGrad");
  CheckLikeParam("adadelta", param, avg_squared_update, "AvgSquaredUpdate");
  if (learning_rate) CheckOneElement("adadelta", learning_rate, "LearningRate");
  param_out->share_meta(param);
  avg_squared_grad_out->share_meta(avg_squared_grad);
  avg_squared_update_out->share_meta(avg_squared_update);
}

}  // namespace phi
