// The error function for the kernels (erf, gelu and its gradient), one definition so that
// they agree with each other. float goes through Eigen's vectorized erf (a rational
// approximation accurate to a couple of ulp on [-4, 4], exactly +-1 beyond; libm's erff is
// a scalar call per element), double through std::erf.
#pragma once

#include <cmath>
#include <cstdint>
#include <unsupported/Eigen/SpecialFunctions>

namespace phi {
namespace funcs {

// out[i] = erf(scale * in[i]) for i < n (out may be in).
template <typename T>
inline void ErfScaled(const T* in, T scale, int64_t n, T* out) {
  for (int64_t i = 0; i < n; ++i) out[i] = std::erf(scale * in[i]);
}

template <>
inline void ErfScaled(const float* in, float scale, int64_t n, float* out) {
  using Array = Eigen::Array<float, Eigen::Dynamic, 1>;
  Eigen::Map<Array>(out, n) = (Eigen::Map<const Array>(in, n) * scale).erf();
}

}  // namespace funcs
}  // namespace phi
