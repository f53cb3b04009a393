#include "paddle/phi/kernels/bmm_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/bmm_kernel_impl.h"

PD_REGISTER_KERNEL(bmm, CPU, phi::BmmKernel, float, double);
PD_REGISTER_KERNEL(bmm_grad, CPU, phi::BmmGradKernel, float, double);
