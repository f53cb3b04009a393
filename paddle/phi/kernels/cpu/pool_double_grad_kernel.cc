#include "paddle/phi/kernels/pool_double_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/pool_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(pool2d_double_grad, CPU, phi::Pool2dDoubleGradKernel, float, double);

PD_KERNEL_USES(pool2d_double_grad, pool2d);
