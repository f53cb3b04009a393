// matmul double and triple grads on GPU: impl/matmul_double_grad_kernel_impl.h over the GPU
// matmul (cuBLAS) kernels.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/matmul_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(matmul_double_grad, GPU, phi::MatmulDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(matmul_triple_grad, GPU, phi::MatmulTripleGradKernel, float, double);
