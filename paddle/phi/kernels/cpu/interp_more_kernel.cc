#include "paddle/phi/kernels/interp_more_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/interpolate.h"

namespace phi {

PD_INTERP_KERNEL_DEF(LinearInterp, funcs::InterpMethod::kLinear, "linear")
PD_INTERP_KERNEL_DEF(BicubicInterp, funcs::InterpMethod::kCubic, "bicubic")
PD_INTERP_KERNEL_DEF(TrilinearInterp, funcs::InterpMethod::kLinear, "trilinear")

}  // namespace phi

PD_REGISTER_KERNEL(linear_interp, CPU, phi::LinearInterpKernel, float, double);
PD_REGISTER_KERNEL(linear_interp_grad, CPU, phi::LinearInterpGradKernel, float, double);
PD_REGISTER_KERNEL(bicubic_interp, CPU, phi::BicubicInterpKernel, float, double);
PD_REGISTER_KERNEL(bicubic_interp_grad, CPU, phi::BicubicInterpGradKernel, float, double);
PD_REGISTER_KERNEL(trilinear_interp, CPU, phi::TrilinearInterpKernel, float, double);
PD_REGISTER_KERNEL(trilinear_interp_grad, CPU, phi::TrilinearInterpGradKernel, float, double);
