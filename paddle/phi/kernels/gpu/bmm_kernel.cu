// bmm and bmm_grad on GPU: impl/bmm_kernel_impl.h's kernels, each product one strided-batched
// cuBLAS GEMM.
#include "paddle/phi/kernels/bmm_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/bmm_kernel_impl.h"

PD_REGISTER_KERNEL(bmm, GPU, phi::BmmKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(bmm_grad, GPU, phi::BmmGradKernel, float, double, phi::float16, phi::bfloat16);
