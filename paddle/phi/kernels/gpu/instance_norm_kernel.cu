// instance_norm on GPU: group_norm's loops with one channel per group (group_norm_util.cuh);
// SavedMean and SavedVariance (1 / sqrt(var + epsilon)) [N * C] are saved for the grad.
#include "paddle/phi/kernels/instance_norm_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/gpu/group_norm_util.cuh"
#include "paddle/phi/kernels/impl/group_norm_kernel_impl.h"

PD_REGISTER_KERNEL(instance_norm, GPU, phi::InstanceNormKernel, float, double);
