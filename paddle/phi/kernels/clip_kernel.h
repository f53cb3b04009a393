// clip: out = min(max(x, min), max) (the op's Min / Max tensors give the bounds: tensor_attrs);
// min > max raises InvalidArgument.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ClipKernel(const Context& dev_ctx, const DenseTensor& x, double min, double max,
                DenseTensor* out);

// A bound converted to T: integer kernels clamp it to T's range (converting inf or a value
// beyond the range is undefined) and refuse nan.
template <typename T>
T BoundAs(double v, const char* name) {
  if constexpr (std::is_integral_v<T>) {
    PD_CHECK(!std::isnan(v), InvalidArgument, "expected clip's ", name,
             " to be a number, but got nan");
    if (v <= static_cast<double>(std::numeric_limits<T>::lowest()))
      return std::numeric_limits<T>::lowest();
    if (v >= static_cast<double>(std::numeric_limits<T>::max()))
      return std::numeric_limits<T>::max();
  }
  return static_cast<T>(v);
}

}  // namespace phi
