#include "paddle/phi/kernels/slice_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/slice_kernel_impl.h"

PD_REGISTER_KERNEL(slice, CPU, phi::SliceKernel, float, double, int32_t, int64_t, bool, uint8_t);
