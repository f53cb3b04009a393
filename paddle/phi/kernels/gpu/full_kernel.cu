// full (fill_constant) on GPU: impl/full_kernel_impl.h's kernel; the value converted once on the
// host, then one fill kernel.
#include "paddle/phi/kernels/full_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/full_kernel_impl.h"

PD_REGISTER_KERNEL(full, GPU, phi::FullKernel, float, double, int8_t, uint8_t, int16_t, int32_t,
                   int64_t, bool, phi::float16, phi::bfloat16);
