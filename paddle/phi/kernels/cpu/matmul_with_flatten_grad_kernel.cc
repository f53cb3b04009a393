#include "paddle/phi/kernels/matmul_with_flatten_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/matmul_with_flatten_grad_kernel_impl.h"

PD_REGISTER_KERNEL(matmul_with_flatten_grad, CPU, phi::MatmulWithFlattenGradKernel, float,
                   double);
