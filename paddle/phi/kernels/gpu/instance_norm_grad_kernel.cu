// instance_norm_grad on GPU: group_norm_grad's loops with one channel per group and the saved
// inverse std (group_norm_util.cuh).
#include "paddle/phi/kernels/instance_norm_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/gpu/group_norm_util.cuh"
#include "paddle/phi/kernels/impl/group_norm_kernel_impl.h"

PD_REGISTER_KERNEL(instance_norm_grad, GPU, phi::InstanceNormGradKernel, float, double);
