#include "paddle/phi/kernels/transpose_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/transpose_grad_kernel_impl.h"

PD_REGISTER_KERNEL(transpose_grad, CPU, phi::TransposeGradKernel, float, double, int32_t,
                   int64_t);
