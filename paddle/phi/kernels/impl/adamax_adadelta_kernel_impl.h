// adamax's and adadelta's argument checks, shared by the CPU and GPU kernels (the updates
// themselves are funcs::AdamaxUpdate and funcs::AdadeltaUpdate, run per element).
#pragma once

#include <cstdint>

#include "paddle/phi/kernels/adadelta_kernel.h"
#include "paddle/phi/kernels/adamax_kernel.h"

namespace phi {

// Grad, Moment and InfNorm must have Param's size.
inline void CheckAdamaxArgs(const DenseTensor& param, const DenseTensor& grad,
                            const DenseTensor& moment, const DenseTensor& inf_norm) {
  const int64_t n = param.numel();
  PD_CHECK(grad.numel() == n && moment.numel() == n && inf_norm.numel() == n, InvalidArgument,
           "expected adamax's Grad, Moment and InfNorm to have Param's dims ", param.dims(),
           ", but got ", grad.dims(), ", ", moment.dims(), " and ", inf_norm.dims());
}

// Grad, AvgSquaredGrad and AvgSquaredUpdate must have Param's size.
inline void CheckAdadeltaArgs(const DenseTensor& param, const DenseTensor& grad,
                              const DenseTensor& avg_squared_grad,
                              const DenseTensor& avg_squared_update) {
  const int64_t n = param.numel();
  PD_CHECK(grad.numel() == n && avg_squared_grad.numel() == n && avg_squared_update.numel() == n,
           InvalidArgument,
           "expected adadelta's Grad, AvgSquaredGrad and AvgSquaredUpdate to have Param's dims ",
           param.dims(), ", but got ", grad.dims(), ", ", avg_squared_grad.dims(), " and ",
           avg_squared_update.dims());
}

}  // namespace phi
