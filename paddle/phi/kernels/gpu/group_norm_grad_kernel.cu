// group_norm_grad on GPU: per-(sample, channel) sums of dy * x_hat and dy, per-group
// coefficients, then X@GRAD elementwise; Scale@GRAD / Bias@GRAD are the sums over samples
// (group_norm_util.cuh).
#include "paddle/phi/kernels/group_norm_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/gpu/group_norm_util.cuh"
#include "paddle/phi/kernels/impl/group_norm_kernel_impl.h"

PD_REGISTER_KERNEL(group_norm_grad, GPU, phi::GroupNormGradKernel, float, double);
