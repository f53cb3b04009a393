// full_like (legacy fill_any_like) on GPU: impl/full_like_kernel_impl.h's kernel; one fill
// launch. X's data is never read.
#include "paddle/phi/kernels/full_like_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/full_like_kernel_impl.h"

PD_REGISTER_KERNEL(full_like, GPU, phi::FullLikeKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
