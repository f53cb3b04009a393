#include "paddle/phi/kernels/conv_double_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/conv_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(conv2d_double_grad, CPU, phi::ConvDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(depthwise_conv2d_double_grad, CPU, phi::ConvDoubleGradKernel, float, double);

PD_KERNEL_USES(conv2d_double_grad, conv2d);
PD_KERNEL_USES(conv2d_double_grad, conv2d_grad);
PD_KERNEL_USES(conv2d_double_grad, add);
PD_KERNEL_USES(depthwise_conv2d_double_grad, conv2d);
PD_KERNEL_USES(depthwise_conv2d_double_grad, conv2d_grad);
PD_KERNEL_USES(depthwise_conv2d_double_grad, add);
