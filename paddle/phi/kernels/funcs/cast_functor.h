// Conversions that C++ leaves undefined, written once for both backends: floating point to
// integer the way x86 converts (and so NumPy and PaddlePaddle on CPU), for cast and for the
// integer pow kernels.
#pragma once

#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "paddle/phi/core/hostdevice.h"

namespace phi {
namespace funcs {

// NaN and values outside a 32- or 64-bit integer's range give its lowest value; narrower
// integers go through int32 and keep the low bits. A plain static_cast of those values is
// undefined.
template <typename To, typename From>
PD_HOSTDEVICE inline To FloatToInteger(From value) {
  using Wide = std::conditional_t<(sizeof(To) > 4), To, int32_t>;
  const double v = static_cast<double>(value);
  const double low = static_cast<double>(std::numeric_limits<Wide>::min());  // -2^(bits-1)
  const bool fits = v >= low && v < -low;  // NaN compares false
  const Wide wide = fits ? static_cast<Wide>(value) : std::numeric_limits<Wide>::min();
  return static_cast<To>(wide);
}

// std::llround as x86 computes it on the host: NaN and values beyond long long's range give
// LLONG_MIN (the device's llround would saturate instead).
PD_HOSTDEVICE inline long long RoundToInt64(double value) {
#if defined(__CUDA_ARCH__)
  if (!(value >= -9223372036854775808.0 && value < 9223372036854775808.0)) return LLONG_MIN;
#endif
  return std::llround(value);
}

}  // namespace funcs
}  // namespace phi
