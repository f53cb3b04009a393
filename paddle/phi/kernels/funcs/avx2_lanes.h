// Lane shuffles for AVX2 loops over every other float (stride-2 windows and tiles), written
// once for the convolution's window packing, the depthwise kernel, max pooling and the
// Winograd transforms; and the sum of a vector's lanes (softmax, the GEMM's dot products). x86-64
// with GCC or Clang only; the callers are AVX2 code (built with -mavx2 or under target("avx2")).
// Internal to the kernel library.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#include <cstdint>

namespace phi {
namespace funcs {

// The even (kOdd false) or odd lanes of a, then of b, in order: a0 a2 a4 a6 b0 b2 b4 b6.
// shuffle_ps works within 128-bit halves; the permute puts the halves in order.
template <bool kOdd>
__attribute__((target("avx2"), always_inline)) inline __m256 EveryOtherLane(__m256 a, __m256 b) {
  const __m256 picked = _mm256_shuffle_ps(a, b, kOdd ? 0xDD : 0x88);
  return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(picked), 0xD8));
}

// The sum of v's 8 lanes, in a fixed order: ((0 + 1) + (2 + 3)) + ((4 + 5) + (6 + 7)).
__attribute__((target("avx2"), always_inline)) inline float SumLanesAvx2(__m256 v) {
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, v);
  return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) +
         ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
}

// o[t] = src[2 * t] for t < len, reading no further than src[2 * len - 1].
__attribute__((target("avx2"), always_inline)) inline void CopyEveryOtherAvx2(const float* src,
                                                                              int64_t len,
                                                                              float* o) {
  int64_t t = 0;
  for (; t + 8 <= len; t += 8) {
    const __m256 lo = _mm256_loadu_ps(src + 2 * t), hi = _mm256_loadu_ps(src + 2 * t + 8);
    _mm256_storeu_ps(o + t, EveryOtherLane<false>(lo, hi));
  }
  for (; t < len; ++t) o[t] = src[2 * t];
}

}  // namespace funcs
}  // namespace phi
#endif
