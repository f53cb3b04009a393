// concat on GPU: impl/concat_kernel_impl.h's kernel; each input's block of Out's rows is one
// 2-D strided memcpy (cudaMemcpy2DAsync).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/concat_kernel.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/concat_kernel_impl.h"

PD_REGISTER_KERNEL(concat, GPU, phi::ConcatKernel, float, double, int32_t, int64_t, bool, uint8_t,
                   phi::float16, phi::bfloat16);
