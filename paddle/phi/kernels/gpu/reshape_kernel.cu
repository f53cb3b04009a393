// reshape (reshape2) on GPU: impl/reshape_kernel_impl.h's kernel; Out views X's device storage,
// nothing is copied or launched.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/reshape_kernel_impl.h"
#include "paddle/phi/kernels/reshape_kernel.h"

PD_REGISTER_KERNEL(reshape, GPU, phi::ReshapeKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
