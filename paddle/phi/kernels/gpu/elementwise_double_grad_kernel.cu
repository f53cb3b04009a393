// Double and triple grads of the elementwise arithmetic on GPU: the kernels of
// impl/elementwise_double_grad_kernel_impl.h, composed of the GPU elementwise kernels.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/elementwise_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(add_double_grad, GPU, phi::AddDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(subtract_double_grad, GPU, phi::SubtractDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(multiply_double_grad, GPU, phi::MultiplyDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(divide_double_grad, GPU, phi::DivideDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(add_triple_grad, GPU, phi::AddTripleGradKernel, float, double);
PD_REGISTER_KERNEL(multiply_triple_grad, GPU, phi::MultiplyTripleGradKernel, float, double);
