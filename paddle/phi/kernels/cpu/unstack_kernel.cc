#include "paddle/phi/kernels/unstack_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/unstack_kernel_impl.h"

PD_REGISTER_KERNEL(unstack, CPU, phi::UnStackKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(unbind, CPU, phi::UnbindKernel, float, double, int32_t, int64_t);
