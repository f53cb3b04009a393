#include "paddle/phi/kernels/full_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/full_kernel_impl.h"

PD_REGISTER_KERNEL(full, CPU, phi::FullKernel, float, double, int8_t, uint8_t, int16_t, int32_t,
                   int64_t, bool);
