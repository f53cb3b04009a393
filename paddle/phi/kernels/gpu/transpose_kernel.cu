// transpose (transpose2) on GPU: impl/transpose_kernel_impl.h's kernel; the permuted copy is one
// gather kernel over the output (gpu/strided_copy.cuh).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/transpose_kernel_impl.h"
#include "paddle/phi/kernels/transpose_kernel.h"

PD_REGISTER_KERNEL(transpose, GPU, phi::TransposeKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
