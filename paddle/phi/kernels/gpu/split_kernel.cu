// split on GPU: impl/split_kernel_impl.h's kernel; each output is one 2-D strided memcpy
// (cudaMemcpy2DAsync) of X's rows.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/split_kernel_impl.h"
#include "paddle/phi/kernels/split_kernel.h"

PD_REGISTER_KERNEL(split, GPU, phi::SplitKernel, float, double, int32_t, int64_t, bool, uint8_t,
                   phi::float16, phi::bfloat16);
