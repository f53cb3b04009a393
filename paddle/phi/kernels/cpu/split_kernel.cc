#include "paddle/phi/kernels/split_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/split_kernel_impl.h"

PD_REGISTER_KERNEL(split, CPU, phi::SplitKernel, float, double, int32_t, int64_t, bool, uint8_t);
