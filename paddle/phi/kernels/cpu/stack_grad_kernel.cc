#include "paddle/phi/kernels/stack_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/stack_grad_kernel_impl.h"

PD_REGISTER_KERNEL(stack_grad, CPU, phi::StackGradKernel, float, double);
