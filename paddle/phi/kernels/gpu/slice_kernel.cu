// slice on GPU: impl/slice_kernel_impl.h's kernel; the region is gathered into Out by one
// kernel.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/slice_kernel_impl.h"
#include "paddle/phi/kernels/slice_kernel.h"

PD_REGISTER_KERNEL(slice, GPU, phi::SliceKernel, float, double, int32_t, int64_t, bool, uint8_t,
                   phi::float16, phi::bfloat16);
