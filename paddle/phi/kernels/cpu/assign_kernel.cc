#include "paddle/phi/kernels/assign_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/assign_kernel_impl.h"

PD_REGISTER_KERNEL(assign, CPU, phi::AssignKernel, float, double, int32_t, int64_t, bool);
