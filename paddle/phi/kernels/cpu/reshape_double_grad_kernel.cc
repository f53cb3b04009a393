#include "paddle/phi/kernels/reshape_double_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/reshape_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(reshape_double_grad, CPU, phi::ReshapeDoubleGradKernel, float, double);
