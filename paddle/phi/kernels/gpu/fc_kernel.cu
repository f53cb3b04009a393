// fc on GPU: impl/fc_kernel_impl.h's kernel, one cuBLAS GEMM and one epilogue launch
// (gpu/bias_activation.cuh).
#include "paddle/phi/kernels/fc_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/fc_kernel_impl.h"

PD_REGISTER_KERNEL(fc, GPU, phi::FcKernel, float, double, phi::float16, phi::bfloat16);
