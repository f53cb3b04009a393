#include "paddle/phi/kernels/concat_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/concat_grad_kernel_impl.h"

PD_REGISTER_KERNEL(concat_grad, CPU, phi::ConcatGradKernel, float, double);
