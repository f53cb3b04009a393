#include "paddle/phi/kernels/fc_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/fc_kernel_impl.h"

PD_REGISTER_KERNEL(fc, CPU, phi::FcKernel, float, double);
