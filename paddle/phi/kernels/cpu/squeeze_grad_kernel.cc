#include "paddle/phi/kernels/squeeze_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/squeeze_grad_kernel_impl.h"

PD_REGISTER_KERNEL(squeeze_grad, CPU, phi::SqueezeGradKernel, float, double);
PD_REGISTER_KERNEL(unsqueeze_grad, CPU, phi::UnsqueezeGradKernel, float, double);
PD_REGISTER_KERNEL(flatten_grad, CPU, phi::FlattenGradKernel, float, double);
