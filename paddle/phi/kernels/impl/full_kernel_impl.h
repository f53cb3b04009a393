// full (fill_constant) written once for both backends, and the conversion of the fill value that
// full_like shares: converted once on the host, then one fill on the context's device.
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "paddle/phi/kernels/full_kernel.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"

namespace phi {

// `value` as a T element: bool is value != 0, an integer must be in T's range (converting an
// out-of-range double to an integer is undefined: refused), 16-bit floats round through float.
template <typename T>
T ConvertFillValue(double value) {
  T fill;
  if constexpr (std::is_same_v<T, bool>) {
    fill = value != 0.0;
  } else if constexpr (std::is_integral_v<T>) {
    PD_CHECK(std::isfinite(value) &&
                 value >= static_cast<double>(std::numeric_limits<T>::lowest()) &&
                 value < static_cast<double>(std::numeric_limits<T>::max()) + 1.0,
             InvalidArgument, "expected a fill value within the range of ",
             CppTypeToDataType<T>::value, ", but got ", value);
    fill = static_cast<T>(value);
  } else if constexpr (std::is_floating_point_v<T>) {
    fill = static_cast<T>(value);
  } else {
    fill = T(static_cast<float>(value));  // float16, bfloat16
  }
  return fill;
}

// The fill value of fill_constant: `str_value` when set (PaddlePaddle's exact form of the
// value: an integer written out is taken exactly, "True"/"False" for bool, else a decimal
// number), else the float attribute `value`.
template <typename T>
T FillValueOf(double value, const std::string& str_value) {
  if (str_value.empty()) return ConvertFillValue<T>(value);
  const char* text = str_value.c_str();
  char* end = nullptr;
  if constexpr (std::is_same_v<T, bool>) {
    if (str_value == "True" || str_value == "true") return true;
    if (str_value == "False" || str_value == "false") return false;
  } else if constexpr (std::is_integral_v<T>) {
    errno = 0;
    const long long v = std::strtoll(text, &end, 10);
    if (end != text && *end == '\0' && errno == 0) {
      PD_CHECK(v >= static_cast<long long>(std::numeric_limits<T>::lowest()) &&
                   v <= static_cast<long long>(std::numeric_limits<T>::max()),
               InvalidArgument, "expected a fill value within the range of ",
               CppTypeToDataType<T>::value, ", but got str_value '", str_value, "'");
      return static_cast<T>(v);
    }
  }
  const double d = std::strtod(text, &end);
  PD_CHECK(end != text && *end == '\0', InvalidArgument,
           "expected fill_constant's str_value to be a number, but got '", str_value, "'");
  return ConvertFillValue<T>(d);
}

template <typename T, typename Context>
void FullKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, double value,
                const std::string& str_value, DataType dtype, DenseTensor* out) {
  const T fill = FillValueOf<T>(value, str_value);
  out->Resize(DDim(shape));
  T* data = dev_ctx.template Alloc<T>(out);
  funcs::Fill(dev_ctx, data, out->numel(), fill);
}

}  // namespace phi
