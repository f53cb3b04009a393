#include "paddle/phi/kernels/squeeze_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/squeeze_kernel_impl.h"

PD_REGISTER_KERNEL(squeeze, CPU, phi::SqueezeKernel, float, double, int32_t, int64_t, bool,
                   uint8_t);
PD_REGISTER_KERNEL(unsqueeze, CPU, phi::UnsqueezeKernel, float, double, int32_t, int64_t, bool,
                   uint8_t);
