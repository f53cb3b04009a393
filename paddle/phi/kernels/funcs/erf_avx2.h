// erf(x) for 8 floats at once with AVX2 + FMA (erf.h's float path where the CPU has them: the
// kernels' erf, gelu and gelu's gradient). One rational function of our own fit (linearized
// least squares in double, reweighted toward the minimax, relative error 3.8e-9 before float
// rounding): erf(x) = x P(x^2) / Q(x^2), P of degree 6 and Q of degree 5, on |x| < 3.93;
// +-1 beyond (erfc(3.93) = 2.9e-8 is under half an ulp of 1). In float within 6.3 ulp (3.7e-7
// relative) of the exact erf on every float swept (erf_test.cc), where Eigen's float erf, which
// other CPUs take, is within 7 ulp (4.2e-7); 0.41 ns an element against Eigen's 1.0 (SSE) and 0.45
// (AVX2) in a gelu loop. NaN stays NaN. x86-64 with GCC or Clang only; callers are AVX2 code.
// Internal to the kernel library.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace phi {
namespace funcs {

__attribute__((target("avx2,fma"), always_inline)) inline __m256 ErfAvx2(__m256 x) {
  // x capped to [-4, 4]; min / max return their second operand for NaN, which stays NaN.
  const __m256 c = _mm256_max_ps(_mm256_set1_ps(-4.0f), _mm256_min_ps(_mm256_set1_ps(4.0f), x));
  const __m256 u = _mm256_mul_ps(c, c);
  __m256 p = _mm256_set1_ps(-1.317732201e-08f);
  p = _mm256_fmadd_ps(p, u, _mm256_set1_ps(4.680900354e-06f));
  p = _mm256_fmadd_ps(p, u, _mm256_set1_ps(3.794458692e-04f));
  p = _mm256_fmadd_ps(p, u, _mm256_set1_ps(3.847713383e-03f));
  p = _mm256_fmadd_ps(p, u, _mm256_set1_ps(5.430879322e-02f));
  p = _mm256_fmadd_ps(p, u, _mm256_set1_ps(1.851651622e-01f));
  p = _mm256_fmadd_ps(p, u, _mm256_set1_ps(1.128379169e+00f));
  __m256 q = _mm256_set1_ps(6.307551604e-05f);
  q = _mm256_fmadd_ps(q, u, _mm256_set1_ps(1.306976052e-03f));
  q = _mm256_fmadd_ps(q, u, _mm256_set1_ps(1.545764048e-02f));
  q = _mm256_fmadd_ps(q, u, _mm256_set1_ps(1.139399755e-01f));
  q = _mm256_fmadd_ps(q, u, _mm256_set1_ps(4.974317665e-01f));
  q = _mm256_fmadd_ps(q, u, _mm256_set1_ps(1.0f));
  const __m256 r = _mm256_div_ps(_mm256_mul_ps(c, p), q);
  // +-1 exactly where erfc(|x|) is under half an ulp of 1 (|x| >= 3.93; compares false for NaN).
  const __m256 sign_bit = _mm256_set1_ps(-0.0f);
  const __m256 one = _mm256_or_ps(_mm256_set1_ps(1.0f), _mm256_and_ps(sign_bit, x));
  const __m256 saturated =
      _mm256_cmp_ps(_mm256_andnot_ps(sign_bit, x), _mm256_set1_ps(3.93f), _CMP_GE_OQ);
  return _mm256_blendv_ps(r, one, saturated);
}

}  // namespace funcs
}  // namespace phi
#endif
