// batch_norm: per-channel normalization. Training uses the batch statistics, updates the
// running Mean/Variance (MeanOut/VarianceOut may be the very tensors Mean/Variance) and saves
// the batch mean and inverse std for the grad; test mode or use_global_stats uses the running ones.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void BatchNormKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                     const DenseTensor& bias, const DenseTensor& mean,
                     const DenseTensor& variance, float momentum, float epsilon,
                     const std::string& data_layout, bool is_test, bool use_global_stats,
                     bool trainable_statistics, DenseTensor* y, DenseTensor* mean_out,
                     DenseTensor* variance_out, DenseTensor* saved_mean,
                     DenseTensor* saved_variance, DenseTensor* reserve_space);

}  // namespace phi
