#include "paddle/phi/kernels/elementwise_double_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/elementwise_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(add_double_grad, CPU, phi::AddDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(subtract_double_grad, CPU, phi::SubtractDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(multiply_double_grad, CPU, phi::MultiplyDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(divide_double_grad, CPU, phi::DivideDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(add_triple_grad, CPU, phi::AddTripleGradKernel, float, double);
PD_REGISTER_KERNEL(multiply_triple_grad, CPU, phi::MultiplyTripleGradKernel, float, double);

PD_KERNEL_USES(add_double_grad, add);
PD_KERNEL_USES(add_double_grad, subtract);
PD_KERNEL_USES(add_double_grad, multiply);
PD_KERNEL_USES(add_double_grad, multiply_grad);
PD_KERNEL_USES(add_double_grad, divide);
PD_KERNEL_USES(add_double_grad, add_grad);
PD_KERNEL_USES(subtract_double_grad, add);
PD_KERNEL_USES(subtract_double_grad, subtract);
PD_KERNEL_USES(subtract_double_grad, multiply);
PD_KERNEL_USES(subtract_double_grad, multiply_grad);
PD_KERNEL_USES(subtract_double_grad, divide);
PD_KERNEL_USES(subtract_double_grad, add_grad);
PD_KERNEL_USES(multiply_double_grad, add);
PD_KERNEL_USES(multiply_double_grad, subtract);
PD_KERNEL_USES(multiply_double_grad, multiply);
PD_KERNEL_USES(multiply_double_grad, multiply_grad);
PD_KERNEL_USES(multiply_double_grad, divide);
PD_KERNEL_USES(multiply_double_grad, add_grad);
PD_KERNEL_USES(divide_double_grad, add);
PD_KERNEL_USES(divide_double_grad, subtract);
PD_KERNEL_USES(divide_double_grad, multiply);
PD_KERNEL_USES(divide_double_grad, multiply_grad);
PD_KERNEL_USES(divide_double_grad, divide);
PD_KERNEL_USES(divide_double_grad, add_grad);
PD_KERNEL_USES(add_triple_grad, add);
PD_KERNEL_USES(add_triple_grad, subtract);
PD_KERNEL_USES(add_triple_grad, multiply);
PD_KERNEL_USES(add_triple_grad, multiply_grad);
PD_KERNEL_USES(add_triple_grad, divide);
PD_KERNEL_USES(add_triple_grad, add_grad);
PD_KERNEL_USES(multiply_triple_grad, add);
PD_KERNEL_USES(multiply_triple_grad, subtract);
PD_KERNEL_USES(multiply_triple_grad, multiply);
PD_KERNEL_USES(multiply_triple_grad, multiply_grad);
PD_KERNEL_USES(multiply_triple_grad, divide);
PD_KERNEL_USES(multiply_triple_grad, add_grad);
