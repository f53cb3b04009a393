// e^x for 8 floats at once with AVX2 + FMA, for kernels whose time goes to exp (softmax): about
// 1 ulp where the result is a normal float. x = n ln2 + r with |r| <= ln2 / 2 (ln2 split in two
// so that n ln2 is exact), e^r by its Taylor polynomial to r^7 (truncation under 2^-26 of the
// result), times 2^n built in the exponent bits. Results that would be subnormal or zero (x
// below -87.3) are 0, x above 88.3 gives e^88.3 (callers pass x <= 0), and NaN stays NaN. x86-64
// with GCC or Clang only; callers are AVX2 code. Internal to the kernel library.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace phi {
namespace funcs {

__attribute__((target("avx2,fma"), always_inline)) inline __m256 ExpAvx2(__m256 x) {
  const __m256 lowest = _mm256_set1_ps(-87.3f);
  // max_ps / min_ps return their second operand when either is NaN: x stays NaN.
  const __m256 clamped = _mm256_min_ps(_mm256_set1_ps(88.3f), _mm256_max_ps(lowest, x));
  const __m256 n = _mm256_round_ps(_mm256_mul_ps(clamped, _mm256_set1_ps(1.44269504088896341f)),
                                   _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  // r = x - n ln2, ln2 = 0.693359375 (exact in 10 bits) - 2.12194440e-4.
  __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), clamped);
  r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.12194440e-4f), r);
  __m256 p = _mm256_set1_ps(1.0f / 5040.0f);
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 720.0f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 120.0f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 24.0f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f / 6.0f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(0.5f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.0f));
  // 2^n: n + 127 in the exponent field (n in [-126, 127] after the clamp).
  const __m256i bits =
      _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
  const __m256 result = _mm256_mul_ps(p, _mm256_castsi256_ps(bits));
  // Below the clamp: 0 (x itself compares false when NaN, which stays NaN).
  return _mm256_andnot_ps(_mm256_cmp_ps(x, lowest, _CMP_LT_OQ), result);
}

}  // namespace funcs
}  // namespace phi
#endif
