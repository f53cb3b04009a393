#include "paddle/phi/kernels/funcs/softmax_row.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "paddle/phi/kernels/funcs/avx2_lanes.h"
#include "paddle/phi/kernels/funcs/exp_avx2.h"

namespace phi {
namespace funcs {
namespace {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// exp 8 at a time (funcs::ExpAvx2, the scalar std::exp took most of the time: BERT's attention
// rows of 32), partial sums per lane. The last n % 8 entries go through the same vector exp from
// a padded copy (-inf beyond: 0).
__attribute__((target("avx2,fma"))) void SoftmaxRowAvx2(const float* src, float max_value,
                                                        int64_t n, float* dst) {
  const __m256 max_v = _mm256_set1_ps(max_value);
  __m256 sum_v = _mm256_setzero_ps();
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) {
    const __m256 e = ExpAvx2(_mm256_sub_ps(_mm256_loadu_ps(src + j), max_v));
    _mm256_storeu_ps(dst + j, e);
    sum_v = _mm256_add_ps(sum_v, e);
  }
  if (j < n) {
    alignas(32) float tail[8];
    for (int64_t t = 0; t < 8; ++t) {
      tail[t] = j + t < n ? src[j + t] : -std::numeric_limits<float>::infinity();
    }
    const __m256 e = ExpAvx2(_mm256_sub_ps(_mm256_load_ps(tail), max_v));
    _mm256_store_ps(tail, e);
    sum_v = _mm256_add_ps(sum_v, e);
    for (int64_t t = 0; j + t < n; ++t) dst[j + t] = tail[t];
  }
  const float sum = SumLanesAvx2(sum_v);
  const __m256 inv = _mm256_set1_ps(1.0f / sum);
  for (j = 0; j + 8 <= n; j += 8)
    _mm256_storeu_ps(dst + j, _mm256_mul_ps(_mm256_loadu_ps(dst + j), inv));
  for (; j < n; ++j) dst[j] *= 1.0f / sum;
}

bool SoftmaxAvx2() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}
#endif

}  // namespace

template <typename T>
void SoftmaxRow(const T* src, int64_t n, T* dst) {
  if (n <= 0) return;
  T max_value = src[0];
  for (int64_t j = 1; j < n; ++j) max_value = std::max(max_value, src[j]);
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  if constexpr (std::is_same_v<T, float>) {
    if (SoftmaxAvx2()) return SoftmaxRowAvx2(src, max_value, n, dst);
  }
#endif
  T sum = T(0);
  for (int64_t j = 0; j < n; ++j) {
    const T e = std::exp(src[j] - max_value);
    dst[j] = e;
    sum += e;
  }
  const T inv = T(1) / sum;
  for (int64_t j = 0; j < n; ++j) dst[j] *= inv;
}

template void SoftmaxRow<float>(const float*, int64_t, float*);
template void SoftmaxRow<double>(const double*, int64_t, double*);

}  // namespace funcs
}  // namespace phi
