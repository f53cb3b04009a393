// momentum's argument checks, shared by the CPU and GPU kernels (the update itself is
// funcs::MomentumUpdate, run per element by each backend).
#pragma once

#include <string>

#include "paddle/phi/kernels/momentum_kernel.h"

namespace phi {

// regularization_method must be "" or "l2_decay"; Grad and Velocity must have Param's size.
inline void CheckMomentumArgs(const DenseTensor& param, const DenseTensor& grad,
                              const DenseTensor& velocity,
                              const std::string& regularization_method) {
  PD_CHECK(regularization_method.empty() || regularization_method == "l2_decay",
           InvalidArgument, "expected momentum's regularization_method to be \"\" or "
           "\"l2_decay\", but got \"", regularization_method, "\"");
  const int64_t n = param.numel();
  PD_CHECK(grad.numel() == n && velocity.numel() == n, InvalidArgument, "expected momentum's "
           "Grad and Velocity to have Param's dims ", param.dims(), ", but got ", grad.dims(),
           " and ", velocity.dims());
}

}  // namespace phi
