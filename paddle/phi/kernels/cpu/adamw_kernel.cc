#include "paddle/phi/kernels/adamw_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/adamw_kernel_impl.h"

PD_REGISTER_KERNEL(adamw, CPU, phi::AdamwKernel, float, double);
