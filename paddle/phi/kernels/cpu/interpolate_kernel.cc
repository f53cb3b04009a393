#include "paddle/phi/kernels/interpolate_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/interpolate.h"

namespace phi {

PD_INTERP_KERNEL_DEF(NearestInterp, funcs::InterpMethod::kNearest, "nearest")
PD_INTERP_KERNEL_DEF(BilinearInterp, funcs::InterpMethod::kLinear, "bilinear")

}  // namespace phi

PD_REGISTER_KERNEL(nearest_interp, CPU, phi::NearestInterpKernel, float, double);
PD_REGISTER_KERNEL(nearest_interp_grad, CPU, phi::NearestInterpGradKernel, float, double);
PD_REGISTER_KERNEL(bilinear_interp, CPU, phi::BilinearInterpKernel, float, double);
PD_REGISTER_KERNEL(bilinear_interp_grad, CPU, phi::BilinearInterpGradKernel, float, double);
