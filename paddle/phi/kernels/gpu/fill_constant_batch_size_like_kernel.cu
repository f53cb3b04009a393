// fill_constant_batch_size_like on GPU: impl/fill_constant_batch_size_like_kernel_impl.h's
// kernel; one fill launch over the shape InferMeta set. Input's data is never read.
#include "paddle/phi/kernels/fill_constant_batch_size_like_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/fill_constant_batch_size_like_kernel_impl.h"

PD_REGISTER_KERNEL(fill_constant_batch_size_like, GPU, phi::FillConstantBatchSizeLikeKernel, float,
                   double, int32_t, int64_t, bool, phi::float16, phi::bfloat16);
