// flatten (flatten_contiguous_range) on GPU: impl/flatten_kernel_impl.h's kernel; Out views X's
// device storage.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/flatten_kernel.h"
#include "paddle/phi/kernels/impl/flatten_kernel_impl.h"

PD_REGISTER_KERNEL(flatten, GPU, phi::FlattenKernel, float, double, int32_t, int64_t, bool,
                   uint8_t, phi::float16, phi::bfloat16);
