// The order in which the sorting kernels (argsort, unique) place values: numbers ascending and
// NaN after every number, all NaNs equal (NumPy's sort and unique). A strict weak order, so
// std::sort and std::stable_sort stay well defined on data with NaNs.
#pragma once

#include <cmath>
#include <type_traits>

namespace phi {
namespace funcs {

template <typename T>
bool NanLastLess(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return false;
    if (std::isnan(b)) return true;
  }
  return a < b;
}

// Equality under that order: NaN equals NaN.
template <typename T>
bool NanLastSame(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  }
  return a == b;
}

}  // namespace funcs
}  // namespace phi
