#include "paddle/phi/kernels/stack_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/stack_kernel_impl.h"

PD_REGISTER_KERNEL(stack, CPU, phi::StackKernel, float, double, int32_t, int64_t, bool, uint8_t);
