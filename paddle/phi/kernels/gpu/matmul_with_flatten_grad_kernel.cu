// matmul_with_flatten_grad (mul_grad) on GPU: impl/matmul_with_flatten_grad_kernel_impl.h's
// kernel, one cuBLAS GEMM per wanted gradient.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/matmul_with_flatten_grad_kernel_impl.h"
#include "paddle/phi/kernels/matmul_with_flatten_grad_kernel.h"

PD_REGISTER_KERNEL(matmul_with_flatten_grad, GPU, phi::MatmulWithFlattenGradKernel, float, double,
                   phi::float16, phi::bfloat16);
