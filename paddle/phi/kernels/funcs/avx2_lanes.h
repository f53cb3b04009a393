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

// v clamped to [low, high], then (hard_swish) v * min(max(v + 3, 0), 6) / 6 as funcs::HardSwish
// rounds it (no FMA): a convolution stage's activation (relu, relu6, hard_swish) in
// DepthwiseEpilogue's order, with funcs::Clamp's compare semantics (max_ps / min_ps return their
// second operand when it is NaN or when both are zeros); written once for the channel-vector
// kernels and the GEMM's tiles. The caller adds the bias first (only where there is one).
__attribute__((target("avx2"), always_inline)) inline __m256 ClampHardSwishAvx2(__m256 v,
                                                                                __m256 low,
                                                                                __m256 high,
                                                                                bool hard_swish) {
  v = _mm256_min_ps(high, _mm256_max_ps(low, v));
  if (hard_swish) {
    const __m256 six = _mm256_set1_ps(6.0f);
    const __m256 gate = _mm256_min_ps(
        six, _mm256_max_ps(_mm256_setzero_ps(), _mm256_add_ps(v, _mm256_set1_ps(3.0f))));
    v = _mm256_div_ps(_mm256_mul_ps(v, gate), six);
  }
  return v;
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
