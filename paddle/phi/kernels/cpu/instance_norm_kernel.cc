#include "paddle/phi/kernels/instance_norm_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/group_norm_kernel_impl.h"

PD_REGISTER_KERNEL(instance_norm, CPU, phi::InstanceNormKernel, float, double);
