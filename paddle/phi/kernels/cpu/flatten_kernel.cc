#include "paddle/phi/kernels/flatten_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/flatten_kernel_impl.h"

PD_REGISTER_KERNEL(flatten, CPU, phi::FlattenKernel, float, double, int32_t, int64_t, bool,
                   uint8_t);
