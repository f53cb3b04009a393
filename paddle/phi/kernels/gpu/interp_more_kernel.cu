// linear_interp_v2 (3-D), bicubic_interp_v2 (4-D) and trilinear_interp_v2 (5-D) and their
// grads on GPU: PD_INTERP_KERNEL_DEF's kernels over the GPU engine (interpolate_util.cuh),
// whose sizes, source indices and weights are the CPU kernels' own.
#include "paddle/phi/kernels/interp_more_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/interpolate.h"
#include "paddle/phi/kernels/gpu/interpolate_util.cuh"

namespace phi {

PD_INTERP_KERNEL_DEF(LinearInterp, funcs::InterpMethod::kLinear, "linear")
PD_INTERP_KERNEL_DEF(BicubicInterp, funcs::InterpMethod::kCubic, "bicubic")
PD_INTERP_KERNEL_DEF(TrilinearInterp, funcs::InterpMethod::kLinear, "trilinear")

}  // namespace phi

PD_REGISTER_KERNEL(linear_interp, GPU, phi::LinearInterpKernel, float, double);
PD_REGISTER_KERNEL(linear_interp_grad, GPU, phi::LinearInterpGradKernel, float, double);
PD_REGISTER_KERNEL(bicubic_interp, GPU, phi::BicubicInterpKernel, float, double);
PD_REGISTER_KERNEL(bicubic_interp_grad, GPU, phi::BicubicInterpGradKernel, float, double);
PD_REGISTER_KERNEL(trilinear_interp, GPU, phi::TrilinearInterpKernel, float, double);
PD_REGISTER_KERNEL(trilinear_interp_grad, GPU, phi::TrilinearInterpGradKernel, float, double);
