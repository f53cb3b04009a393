// linear_interp_v2 (3-D, NCW / NWC), bicubic_interp_v2 (4-D) and trilinear_interp_v2 (5-D,
// NCDHW / NDHWC) and their grads: the resizing engine of funcs/interpolate.h with the linear
// and cubic (a = -0.75, clamped taps) rules.
#pragma once

#include "paddle/phi/kernels/interpolate_kernel.h"

namespace phi {

PD_INTERP_KERNEL_DECL(LinearInterp)
PD_INTERP_KERNEL_DECL(BicubicInterp)
PD_INTERP_KERNEL_DECL(TrilinearInterp)

}  // namespace phi
