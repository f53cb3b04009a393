// rmsprop's argument checks, shared by the CPU and GPU kernels (the update itself is
// funcs::RmspropUpdate, run per element by each backend).
#pragma once

#include <cstdint>

#include "paddle/phi/kernels/rmsprop_kernel.h"

namespace phi {

// Grad, MeanSquare and Moment must have Param's size; centered needs MeanGrad (of that size
// too) and the output MeanGradOut.
inline void CheckRmspropArgs(const DenseTensor& param, const DenseTensor& mean_square,
                             const DenseTensor& grad, const DenseTensor& moment,
                             const DenseTensor* mean_grad, bool centered,
                             const DenseTensor* mean_grad_out) {
  const int64_t n = param.numel();
  PD_CHECK(grad.numel() == n && mean_square.numel() == n && moment.numel() == n, InvalidArgument,
           "expected rmsprop's Grad, MeanSquare and Moment to have Param's dims ", param.dims(),
           ", but got ", grad.dims(), ", ", mean_square.dims(), " and ", moment.dims());
  if (centered) {
    PD_CHECK(mean_grad != nullptr && mean_grad->numel() == n, InvalidArgument,
             "expected centered rmsprop to have a MeanGrad of Param's dims ", param.dims(),
             ", but got ", mean_grad ? mean_grad->dims().to_str() : "none");
    PD_CHECK(mean_grad_out != nullptr, InvalidArgument,
             "expected centered rmsprop to have output MeanGradOut, but it is missing");
  }
}

}  // namespace phi
