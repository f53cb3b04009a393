// batch_norm_grad's argument checks, shared by the CPU and GPU kernels (each then computes the
// per-channel sums and X@GRAD in its own way).
#pragma once

#include <cstdint>

#include "paddle/phi/kernels/batch_norm_grad_kernel.h"
#include "paddle/phi/kernels/funcs/group_norm_impl.h"

namespace phi {

// Y@GRAD must have X's dims, every per-channel input `channels` values (each is read, or its
// gradient written, for that many entries), and global statistics need Mean and Variance.
inline void CheckBatchNormGradArgs(const DenseTensor& x, const DenseTensor& scale,
                                   const DenseTensor& bias, const DenseTensor* mean,
                                   const DenseTensor* variance, const DenseTensor& saved_mean,
                                   const DenseTensor& saved_variance, const DenseTensor& y_grad,
                                   int64_t channels, bool global_stats) {
  PD_CHECK(y_grad.dims() == x.dims(), InvalidArgument,
           "expected batch_norm_grad's Y@GRAD to have X's dims ", x.dims(), ", but got ",
           y_grad.dims());
  funcs::CheckChannelParam("batch_norm_grad", "Scale", &scale, channels);
  funcs::CheckChannelParam("batch_norm_grad", "Bias", &bias, channels);
  funcs::CheckChannelParam("batch_norm_grad", "Mean", mean, channels);
  funcs::CheckChannelParam("batch_norm_grad", "Variance", variance, channels);
  funcs::CheckChannelParam("batch_norm_grad", "SavedMean", &saved_mean, channels);
  funcs::CheckChannelParam("batch_norm_grad", "SavedVariance", &saved_variance, channels);
  if (global_stats) {
    PD_CHECK(mean != nullptr && variance != nullptr, InvalidArgument,
             "expected batch_norm_grad with global statistics (is_test or use_global_stats) to "
             "have inputs Mean and Variance, but got ",
             mean == nullptr ? "no Mean" : "no Variance");
  }
}

}  // namespace phi
