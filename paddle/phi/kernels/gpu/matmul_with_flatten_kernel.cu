// matmul_with_flatten (mul) on GPU: impl/matmul_with_flatten_kernel_impl.h's kernel, one cuBLAS
// GEMM.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/matmul_with_flatten_kernel_impl.h"
#include "paddle/phi/kernels/matmul_with_flatten_kernel.h"

PD_REGISTER_KERNEL(matmul_with_flatten, GPU, phi::MatmulWithFlattenKernel, float, double,
                   phi::float16, phi::bfloat16);
