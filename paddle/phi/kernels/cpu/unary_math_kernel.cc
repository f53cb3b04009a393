#include "paddle/phi/kernels/unary_math_kernel.h"

#include <cmath>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"
#include "paddle/phi/kernels/funcs/unary_math_functor.h"

namespace phi {
using funcs::Unary;

template <typename T, typename Context>
void ExpKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "exp", funcs::ExpFunctor<T>());
}

template <typename T, typename Context>
void LogKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "log", funcs::LogFunctor<T>());
}

template <typename T, typename Context>
void SqrtKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "sqrt", funcs::SqrtFunctor<T>());
}

template <typename T, typename Context>
void AbsKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "abs", funcs::AbsFunctor<T>());
}

template <typename T, typename Context>
void SquareKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "square", funcs::SquareFunctor<T>());
}

template <typename T, typename Context>
void Relu6Kernel(const Context& dev_ctx, const DenseTensor& x, float threshold, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "relu6", funcs::Relu6Functor<T>{static_cast<T>(threshold)});
}

template <typename T, typename Context>
void HardSwishKernel(const Context& dev_ctx, const DenseTensor& x, float threshold, float scale,
                     float offset, DenseTensor* out) {
  const funcs::HardSwishFunctor<T> op{static_cast<T>(threshold), static_cast<T>(scale),
                                      static_cast<T>(offset)};
  Unary<T>(dev_ctx, x, out, "hard_swish", op);
}

template <typename T, typename Context>
void HardSigmoidKernel(const Context& dev_ctx, const DenseTensor& x, float slope, float offset,
                       DenseTensor* out) {
  const funcs::HardSigmoidFunctor<T> op{static_cast<T>(slope), static_cast<T>(offset)};
  Unary<T>(dev_ctx, x, out, "hard_sigmoid", op);
}

template <typename T, typename Context>
void PowKernel(const Context& dev_ctx, const DenseTensor& x, double factor, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "pow", funcs::PowFunctor<T>{static_cast<double>(factor)});
}

}  // namespace phi

PD_REGISTER_KERNEL(exp, CPU, phi::ExpKernel, float, double);
PD_REGISTER_KERNEL(log, CPU, phi::LogKernel, float, double);
PD_REGISTER_KERNEL(sqrt, CPU, phi::SqrtKernel, float, double);
PD_REGISTER_KERNEL(abs, CPU, phi::AbsKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(square, CPU, phi::SquareKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(relu6, CPU, phi::Relu6Kernel, float, double);
PD_REGISTER_KERNEL(hard_swish, CPU, phi::HardSwishKernel, float, double);
PD_REGISTER_KERNEL(hard_sigmoid, CPU, phi::HardSigmoidKernel, float, double);
PD_REGISTER_KERNEL(pow, CPU, phi::PowKernel, float, double, int32_t, int64_t);
