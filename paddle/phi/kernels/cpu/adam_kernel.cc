#include "paddle/phi/kernels/adam_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/adam_kernel_impl.h"

PD_REGISTER_KERNEL(adam, CPU, phi::AdamKernel, float, double);
