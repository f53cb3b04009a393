// nearest_interp_v2 and bilinear_interp_v2 (and their grads) on GPU: PD_INTERP_KERNEL_DEF's
// kernels over the GPU engine (interpolate_util.cuh), whose sizes, source indices and weights
// are the CPU kernels' own.
#include "paddle/phi/kernels/interpolate_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/interpolate.h"
#include "paddle/phi/kernels/gpu/interpolate_util.cuh"

namespace phi {

PD_INTERP_KERNEL_DEF(NearestInterp, funcs::InterpMethod::kNearest, "nearest")
PD_INTERP_KERNEL_DEF(BilinearInterp, funcs::InterpMethod::kLinear, "bilinear")

}  // namespace phi

PD_REGISTER_KERNEL(nearest_interp, GPU, phi::NearestInterpKernel, float, double);
PD_REGISTER_KERNEL(nearest_interp_grad, GPU, phi::NearestInterpGradKernel, float, double);
PD_REGISTER_KERNEL(bilinear_interp, GPU, phi::BilinearInterpKernel, float, double);
PD_REGISTER_KERNEL(bilinear_interp_grad, GPU, phi::BilinearInterpGradKernel, float, double);
