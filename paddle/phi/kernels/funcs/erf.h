// The error function for the kernels (erf, gelu and its gradient, fc's exact gelu), one
// definition so that they agree with each other to the bit. float goes through our AVX2 erf
// (erf_avx2.h) where the CPU has AVX2 and FMA, else through Eigen's vectorized erf (a rational
// approximation within 7 ulp on [-4, 4], exactly +-1 beyond; libm's erff is a scalar call per
// element); double through std::erf.
#pragma once

#include <cmath>
#include <cstdint>
#include <unsupported/Eigen/SpecialFunctions>

#include "paddle/phi/kernels/funcs/erf_avx2.h"

namespace phi {
namespace funcs {

// out[i] = erf(scale * in[i]) for i < n (out may be in).
template <typename T>
inline void ErfScaled(const T* in, T scale, int64_t n, T* out) {
  for (int64_t i = 0; i < n; ++i) out[i] = std::erf(scale * in[i]);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("avx2,fma"))) inline void ErfScaledAvx2(const float* in, float scale,
                                                              int64_t n, float* out) {
  const __m256 s = _mm256_set1_ps(scale);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(out + i, ErfAvx2(_mm256_mul_ps(_mm256_loadu_ps(in + i), s)));
  if (i == n) return;
  float tail[8] = {};
  for (int64_t j = i; j < n; ++j) tail[j - i] = in[j];
  _mm256_storeu_ps(tail, ErfAvx2(_mm256_mul_ps(_mm256_loadu_ps(tail), s)));
  for (int64_t j = i; j < n; ++j) out[j] = tail[j - i];
}

inline bool ErfAvx2Usable() {
  static const bool usable = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return usable;
}
#endif

template <>
inline void ErfScaled(const float* in, float scale, int64_t n, float* out) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  if (ErfAvx2Usable()) return ErfScaledAvx2(in, scale, n, out);
#endif
  using Array = Eigen::Array<float, Eigen::Dynamic, 1>;
  Eigen::Map<Array>(out, n) = (Eigen::Map<const Array>(in, n) * scale).erf();
}

// out[i] = 0.5 x (1 + erf(x / sqrt(2))), x = in[i] (out may be in): the exact gelu, its erf a
// block at a time (vectorized) into a buffer. The gelu kernel and fc's gelu_erf rows both take
// this loop, so that a fused fc computes the unfused gelu's bits.
template <typename T>
inline void GeluErf(const T* in, int64_t n, T* out) {
  const T kInvSqrt2 = static_cast<T>(0.70710678118654752440);
  constexpr int64_t kBlock = 256;
  T erf[kBlock];
  for (int64_t b = 0; b < n; b += kBlock) {
    const int64_t len = n - b < kBlock ? n - b : kBlock;
    ErfScaled(in + b, kInvSqrt2, len, erf);
    for (int64_t i = 0; i < len; ++i) out[b + i] = T(0.5) * in[b + i] * (T(1) + erf[i]);
  }
}

}  // namespace funcs
}  // namespace phi
