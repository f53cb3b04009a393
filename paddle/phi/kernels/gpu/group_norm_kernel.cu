// group_norm on GPU: a block (or, for small groups, a thread) per (sample, group) computes the
// mean and biased variance in double, then Y with the optional Scale and Bias; Mean and
// Variance [N, groups] are saved for the grad (group_norm_util.cuh).
#include "paddle/phi/kernels/group_norm_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/gpu/group_norm_util.cuh"
#include "paddle/phi/kernels/impl/group_norm_kernel_impl.h"

PD_REGISTER_KERNEL(group_norm, GPU, phi::GroupNormKernel, float, double);
