#include "paddle/phi/kernels/scale_kernel.h"

#include <limits>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/wrapping_arith.h"

namespace phi {

template <typename T, typename Context>
void ScaleKernel(const Context& dev_ctx, const DenseTensor& x, double scale, double bias,
                 bool bias_after_scale, DenseTensor* out) {
  const T* in = x.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  const int64_t n = x.numel();
  if constexpr (std::is_integral_v<T>) {
    // Converting inf, nan or an out-of-range float to an integer type is undefined.
    constexpr double kLow = static_cast<double>(std::numeric_limits<T>::lowest());
    constexpr double kHigh = static_cast<double>(std::numeric_limits<T>::max());
    PD_CHECK(scale >= kLow && scale < kHigh && bias >= kLow && bias < kHigh, InvalidArgument,
             "expected scale's scale and bias to fit in the integer dtype of X, but got scale ",
             scale, " and bias ", bias);
  }
  if constexpr (std::is_integral_v<T>) {
    // Integer results wrap around where they do not fit.
    const T s = static_cast<T>(scale);
    const T b = static_cast<T>(bias);
    if (bias_after_scale) {
      for (int64_t i = 0; i < n; ++i) result[i] = funcs::WrapAdd(funcs::WrapMul(s, in[i]), b);
    } else {
      for (int64_t i = 0; i < n; ++i) result[i] = funcs::WrapMul(s, funcs::WrapAdd(in[i], b));
    }
  } else {
    const T s = static_cast<T>(scale);
    const T b = static_cast<T>(bias);
    if (bias_after_scale) {
      for (int64_t i = 0; i < n; ++i) result[i] = s * in[i] + b;
    } else {
      for (int64_t i = 0; i < n; ++i) result[i] = s * (in[i] + b);
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(scale, CPU, phi::ScaleKernel, float, double, int32_t, int64_t);
