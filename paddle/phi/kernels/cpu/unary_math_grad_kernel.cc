#include "paddle/phi/kernels/unary_math_grad_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"
#include "paddle/phi/kernels/unary_math_kernel.h"

namespace phi {
using funcs::UnaryGrad;

template <typename T, typename Context>
void ExpGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                   DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, out, dout, dx, "exp_grad", [](T y, T g) { return g * y; });
}

template <typename T, typename Context>
void LogGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, x, dout, dx, "log_grad", [](T v, T g) { return g / v; });
}

template <typename T, typename Context>
void SqrtGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, out, dout, dx, "sqrt_grad", [](T y, T g) { return g * T(0.5) / y; });
}

template <typename T, typename Context>
void AbsGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, x, dout, dx, "abs_grad", [](T v, T g) {
    return v > T(0) ? g : (v < T(0) ? T(-g) : T(0));
  });
}

template <typename T, typename Context>
void SquareGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx) {
  UnaryGrad<T>(dev_ctx, x, dout, dx, "square_grad", [](T v, T g) { return g * T(2) * v; });
}

template <typename T, typename Context>
void Relu6GradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     float threshold, DenseTensor* dx) {
  const T high = static_cast<T>(threshold);
  UnaryGrad<T>(dev_ctx, out, dout, dx, "relu6_grad",
               [high](T y, T g) { return (y > T(0) && y < high) ? g : T(0); });
}

template <typename T, typename Context>
void HardSwishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         float threshold, float scale, float offset, DenseTensor* dx) {
  const T t = static_cast<T>(threshold), s = static_cast<T>(scale), o = static_cast<T>(offset);
  UnaryGrad<T>(dev_ctx, x, dout, dx, "hard_swish_grad", [t, s, o](T v, T g) {
    // Above the ramp out = x * threshold / scale: the slope is threshold / scale (1 with the
    // default attributes).
    if (v + o <= T(0)) return T(0);
    return v + o < t ? g * (T(2) * v + o) / s : g * t / s;
  });
}

template <typename T, typename Context>
void HardSigmoidGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                           float slope, float offset, DenseTensor* dx) {
  const T a = static_cast<T>(slope);
  UnaryGrad<T>(dev_ctx, out, dout, dx, "hard_sigmoid_grad",
               [a](T y, T g) { return (y > T(0) && y < T(1)) ? g * a : T(0); });
}

template <typename T, typename Context>
void PowGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* factor_tensor,
                   const DenseTensor& dout, float factor, DenseTensor* dx) {
  const T exponent = static_cast<T>(PowFactor(factor_tensor, factor));
  UnaryGrad<T>(dev_ctx, x, dout, dx, "pow_grad", [exponent](T v, T g) {
    return g * exponent * std::pow(v, exponent - T(1));
  });
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
