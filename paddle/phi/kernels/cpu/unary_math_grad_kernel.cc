#include "paddle/phi/kernels/unary_math_grad_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"
#include "paddle/phi/kernels/funcs/unary_math_functor.h"

namespace phi {
using funcs::UnaryGrad;

template <typename T, typename Context>
void ExpGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                   DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, out, dout, dx, "exp_grad", funcs::ExpGradFunctor<T>());
}

template <typename T, typename Context>
void LogGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, x, dout, dx, "log_grad", funcs::LogGradFunctor<T>());
}

template <typename T, typename Context>
void SqrtGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, out, dout, dx, "sqrt_grad", funcs::SqrtGradFunctor<T>());
}

template <typename T, typename Context>
void AbsGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, x, dout, dx, "abs_grad", funcs::AbsGradFunctor<T>());
}

template <typename T, typename Context>
void SquareGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, x, dout, dx, "square_grad", funcs::SquareGradFunctor<T>());
}

template <typename T, typename Context>
void Relu6GradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     float threshold, DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, out, dout, dx, "relu6_grad",
               funcs::Relu6GradFunctor<T>{static_cast<T>(threshold)});
}

template <typename T, typename Context>
void HardSwishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         float threshold, float scale, float offset, DenseTensor* dx) {
  const funcs::HardSwishGradFunctor<T> op{static_cast<T>(threshold), static_cast<T>(scale),
                                          static_cast<T>(offset)};
  UnaryGrad<T>(dev_ctx, x, dout, dx, "hard_swish_grad", op);
}

template <typename T, typename Context>
void HardSigmoidGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                           float slope, float offset, DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, out, dout, dx, "hard_sigmoid_grad",
               funcs::HardSigmoidGradFunctor<T>{static_cast<T>(slope)});
}

template <typename T, typename Context>
void PowGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   double factor, DenseTensor* dx) {
  const T exponent = static_cast<T>(factor);
  UnaryGrad<T>(dev_ctx, x, dout, dx, "pow_grad", funcs::PowGradFunctor<T>{exponent});
}

}  // namespace phi

PD_REGISTER_KERNEL(exp_grad, CPU, phi::ExpGradKernel, float, double);
PD_REGISTER_KERNEL(log_grad, CPU, phi::LogGradKernel, float, double);
PD_REGISTER_KERNEL(sqrt_grad, CPU, phi::SqrtGradKernel, float, double);
PD_REGISTER_KERNEL(abs_grad, CPU, phi::AbsGradKernel, float, double);
PD_REGISTER_KERNEL(square_grad, CPU, phi::SquareGradKernel, float, double);
PD_REGISTER_KERNEL(relu6_grad, CPU, phi::Relu6GradKernel, float, double);
PD_REGISTER_KERNEL(hard_swish_grad, CPU, phi::HardSwishGradKernel, float, double);
PD_REGISTER_KERNEL(hard_sigmoid_grad, CPU, phi::HardSigmoidGradKernel, float, double);
PD_REGISTER_KERNEL(pow_grad, CPU, phi::PowGradKernel, float, double);
