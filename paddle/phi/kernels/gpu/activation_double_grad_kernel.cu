// Double and triple grads of the unary activations on GPU: the kernels of
// impl/activation_double_grad_kernel_impl.h (one thread per element, funcs::ForEachIndex).
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/device_primitives.cuh"
#include "paddle/phi/kernels/impl/activation_double_grad_kernel_impl.h"

PD_REGISTER_KERNEL(relu_double_grad, GPU, phi::ReluDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(tanh_double_grad, GPU, phi::TanhDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(sigmoid_double_grad, GPU, phi::SigmoidDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(square_double_grad, GPU, phi::SquareDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(log_double_grad, GPU, phi::LogDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(exp_double_grad, GPU, phi::ExpDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(sqrt_double_grad, GPU, phi::SqrtDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(leaky_relu_double_grad, GPU, phi::LeakyReluDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(tanh_triple_grad, GPU, phi::TanhTripleGradKernel, float, double);
PD_REGISTER_KERNEL(sigmoid_triple_grad, GPU, phi::SigmoidTripleGradKernel, float, double);
PD_REGISTER_KERNEL(abs_double_grad, GPU, phi::AbsDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(softplus_double_grad, GPU, phi::SoftplusDoubleGradKernel, float, double);
PD_REGISTER_KERNEL(pow_double_grad, GPU, phi::PowDoubleGradKernel, float, double);
