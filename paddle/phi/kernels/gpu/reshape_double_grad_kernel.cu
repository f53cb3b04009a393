// reshape2_grad_grad on GPU: impl/reshape_double_grad_kernel_impl.h's kernel (a view, no copy).
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/reshape_double_grad_kernel_impl.h"
#include "paddle/phi/kernels/reshape_double_grad_kernel.h"

PD_REGISTER_KERNEL(reshape_double_grad, GPU, phi::ReshapeDoubleGradKernel, float, double,
                   phi::float16, phi::bfloat16);
