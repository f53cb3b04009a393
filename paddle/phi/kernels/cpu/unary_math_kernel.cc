#include "paddle/phi/kernels/unary_math_kernel.h"

#include <cmath>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"

namespace phi {
using funcs::Unary;

double PowFactor(const DenseTensor* factor_tensor, float factor) {
  if (factor_tensor == nullptr) return factor;
  PD_CHECK(factor_tensor->numel() == 1, InvalidArgument,
           "expected pow's FactorTensor to hold one element, but got dims ", factor_tensor->dims());
  switch (factor_tensor->dtype()) {
    case DataType::FLOAT32:
      return factor_tensor->data<float>()[0];
    case DataType::FLOAT64:
      return factor_tensor->data<double>()[0];
    case DataType::INT32:
      return factor_tensor->data<int32_t>()[0];
    case DataType::INT64:
      return static_cast<double>(factor_tensor->data<int64_t>()[0]);
    default:
      PD_THROW(InvalidArgument,
               "expected pow's FactorTensor to be float32, float64, int32 or "
               "int64, but got ",
               factor_tensor->dtype());
  }
}

template <typename T, typename Context>
void ExpKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "exp", [](T v) { return std::exp(v); });
}

template <typename T, typename Context>
void LogKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "log", [](T v) { return std::log(v); });
}

template <typename T, typename Context>
void SqrtKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "sqrt", [](T v) { return std::sqrt(v); });
}

template <typename T, typename Context>
void AbsKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "abs", [](T v) {
    if constexpr (std::is_integral_v<T>) {
      // Negated in unsigned arithmetic: abs of the minimum wraps to itself as in NumPy, where
      // signed negation would overflow.
      using U = std::make_unsigned_t<T>;
      return v < T(0) ? static_cast<T>(U(0) - static_cast<U>(v)) : v;
    } else {
      return v < T(0) ? T(-v) : v;
    }
  });
}

template <typename T, typename Context>
void SquareKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  Unary<T>(dev_ctx, x, out, "square", [](T v) { return v * v; });
}

template <typename T, typename Context>
void Relu6Kernel(const Context& dev_ctx, const DenseTensor& x, float threshold, DenseTensor* out) {
  const T high = static_cast<T>(threshold);
  Unary<T>(dev_ctx, x, out, "relu6", [high](T v) { return funcs::Clamp(v, T(0), high); });
}

template <typename T, typename Context>
void HardSwishKernel(const Context& dev_ctx, const DenseTensor& x, float threshold, float scale,
                     float offset, DenseTensor* out) {
  const T t = static_cast<T>(threshold), s = static_cast<T>(scale), o = static_cast<T>(offset);
  Unary<T>(dev_ctx, x, out, "hard_swish",
           [t, s, o](T v) { return v * funcs::Clamp(v + o, T(0), t) / s; });
}

template <typename T, typename Context>
void HardSigmoidKernel(const Context& dev_ctx, const DenseTensor& x, float slope, float offset,
                       DenseTensor* out) {
  const T a = static_cast<T>(slope), b = static_cast<T>(offset);
  Unary<T>(dev_ctx, x, out, "hard_sigmoid",
           [a, b](T v) { return funcs::Clamp(a * v + b, T(0), T(1)); });
}

template <typename T, typename Context>
void PowKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* factor_tensor,
               float factor, DenseTensor* out) {
  const double exponent = PowFactor(factor_tensor, factor);
  Unary<T>(dev_ctx, x, out, "pow", [exponent](T v) {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(std::llround(std::pow(static_cast<double>(v), exponent)));
    } else {
      return static_cast<T>(std::pow(v, static_cast<T>(exponent)));
    }
  });
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
