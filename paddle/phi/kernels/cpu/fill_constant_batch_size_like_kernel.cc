#include "paddle/phi/kernels/fill_constant_batch_size_like_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/fill_constant_batch_size_like_kernel_impl.h"

PD_REGISTER_KERNEL(fill_constant_batch_size_like, CPU, phi::FillConstantBatchSizeLikeKernel, float,
                   double, int32_t, int64_t, bool);
