// batch_norm_grad: gradients of batch_norm for X, Scale and Bias (each may be null). With batch
// statistics it reads SavedMean / SavedVariance (the inverse std); with global statistics
// (test mode or use_global_stats) the running Mean and Variance.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void BatchNormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                         const DenseTensor& bias, const DenseTensor* mean,
                         const DenseTensor* variance, const DenseTensor& saved_mean,
                         const DenseTensor& saved_variance, const DenseTensor& y_grad,
                         float momentum, float epsilon, const std::string& data_layout,
                         bool is_test, bool use_global_stats, bool trainable_statistics,
                         DenseTensor* x_grad, DenseTensor* scale_grad, DenseTensor* bias_grad);

}  // namespace phi
