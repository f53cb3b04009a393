#include "paddle/phi/kernels/concat_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/concat_kernel_impl.h"

PD_REGISTER_KERNEL(concat, CPU, phi::ConcatKernel, float, double, int32_t, int64_t, bool, uint8_t);
