#include "paddle/phi/kernels/full_like_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/full_like_kernel_impl.h"

PD_REGISTER_KERNEL(full_like, CPU, phi::FullLikeKernel, float, double, int32_t, int64_t, bool);
