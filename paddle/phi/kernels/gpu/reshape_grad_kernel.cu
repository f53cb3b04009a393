// reshape_grad on GPU: impl/reshape_grad_kernel_impl.h's kernel; X@GRAD views Out@GRAD's device
// storage.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/reshape_grad_kernel_impl.h"
#include "paddle/phi/kernels/reshape_grad_kernel.h"

PD_REGISTER_KERNEL(reshape_grad, GPU, phi::ReshapeGradKernel, float, double, int32_t, int64_t,
                   bool, phi::float16, phi::bfloat16);
