// conv2d double grad on GPU: impl/conv_double_grad_kernel_impl.h over the GPU (cuDNN) conv
// kernels.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/conv_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(conv2d_double_grad, GPU, phi::ConvDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(depthwise_conv2d_double_grad, GPU, phi::ConvDoubleGradKernel, float, double);
