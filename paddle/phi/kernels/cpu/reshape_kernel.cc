#include "paddle/phi/kernels/reshape_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/reshape_kernel_impl.h"

PD_REGISTER_KERNEL(reshape, CPU, phi::ReshapeKernel, float, double, int32_t, int64_t, bool);
