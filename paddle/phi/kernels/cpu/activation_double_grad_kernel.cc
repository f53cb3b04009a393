#include "paddle/phi/kernels/activation_double_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/activation_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(relu_double_grad, CPU, phi::ReluDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(tanh_double_grad, CPU, phi::TanhDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(sigmoid_double_grad, CPU, phi::SigmoidDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(square_double_grad, CPU, phi::SquareDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(log_double_grad, CPU, phi::LogDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(exp_double_grad, CPU, phi::ExpDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(sqrt_double_grad, CPU, phi::SqrtDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(leaky_relu_double_grad, CPU, phi::LeakyReluDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(tanh_triple_grad, CPU, phi::TanhTripleGradKernel, float, double);
PD_REGISTER_KERNEL(sigmoid_triple_grad, CPU, phi::SigmoidTripleGradKernel, float, double);
PD_REGISTER_KERNEL(abs_double_grad, CPU, phi::AbsDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(softplus_double_grad, CPU, phi::SoftplusDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(pow_double_grad, CPU, phi::PowDoubleGradKernel, float, double);
