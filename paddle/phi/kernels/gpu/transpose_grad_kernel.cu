// transpose_grad on GPU: impl/transpose_grad_kernel_impl.h's kernel; one gather kernel by the
// inverse permutation.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/transpose_grad_kernel_impl.h"
#include "paddle/phi/kernels/transpose_grad_kernel.h"

PD_REGISTER_KERNEL(transpose_grad, GPU, phi::TransposeGradKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
