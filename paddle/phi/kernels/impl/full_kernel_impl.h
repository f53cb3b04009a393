// full (fill_constant) written once for both backends, and the conversion of the fill value that
// full_like shares: converted once on the host, then one fill on the context's device.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
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

template <typename T, typename Context>
void FullKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, double value,
                DataType dtype, DenseTensor* out) {
  const T fill = ConvertFillValue<T>(value);
  out->Resize(DDim(shape));
  T* data = dev_ctx.template Alloc<T>(out);
  funcs::Fill(dev_ctx, data, out->numel(), fill);
}

}  // namespace phi
