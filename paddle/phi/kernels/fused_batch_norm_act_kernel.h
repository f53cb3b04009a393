// fused_batch_norm_act and its grad: batch_norm with batch statistics (training: running
// Mean/Variance updated in place) followed by relu, as fuse_bn_act_pass produces. The
// normalization itself is the registered batch_norm / batch_norm_grad kernels' math.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// data_layout: "NHWC" (channels last, Paddle's layout for this op) or "NCHW".
template <typename T, typename Context>
void FusedBatchNormActKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                             const DenseTensor& bias, const DenseTensor& mean,
                             const DenseTensor& variance, float momentum, float epsilon,
                             const std::string& act_type, const std::string& data_layout,
                             DenseTensor* y, DenseTensor* mean_out, DenseTensor* variance_out,
                             DenseTensor* saved_mean, DenseTensor* saved_variance,
                             DenseTensor* reserve_space);

// relu's derivative from Y, then batch_norm_grad with the saved batch statistics.
template <typename T, typename Context>
void FusedBatchNormActGradKernel(const Context& dev_ctx, const DenseTensor& x,
                                 const DenseTensor& scale, const DenseTensor& bias,
                                 const DenseTensor& y, const DenseTensor& saved_mean,
                                 const DenseTensor& saved_variance,
                                 const DenseTensor* reserve_space, const DenseTensor& y_grad,
                                 float momentum, float epsilon, const std::string& act_type,
                                 const std::string& data_layout, DenseTensor* x_grad,
                                 DenseTensor* scale_grad, DenseTensor* bias_grad);

}  // namespace phi
