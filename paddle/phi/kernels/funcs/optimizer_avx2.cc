#include "paddle/phi/kernels/funcs/optimizer.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

namespace phi {
namespace funcs {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
namespace {

// AdamUpdate's arithmetic on 8 lanes: mul and add as written (no FMA), correctly rounded sqrt
// and division, so every lane is the scalar formula's value.
__attribute__((target("avx2"))) void AdamLanes(int64_t begin, int64_t end, const float* p,
                                               const float* g, const float* m1, const float* m2,
                                               const AdamUpdate<float>& u, float* p_out,
                                               float* m1_out, float* m2_out, float* master_out) {
  const __m256 beta1 = _mm256_set1_ps(u.beta1), rest1 = _mm256_set1_ps(1.0f - u.beta1);
  const __m256 beta2 = _mm256_set1_ps(u.beta2), rest2 = _mm256_set1_ps(1.0f - u.beta2);
  const __m256 lr_t = _mm256_set1_ps(u.lr_t), epsilon_t = _mm256_set1_ps(u.epsilon_t);
  const __m256 keep = _mm256_set1_ps(u.keep);
  int64_t i = begin;
  for (; i + 8 <= end; i += 8) {
    const __m256 gv = _mm256_loadu_ps(g + i);
    // first = beta1 m1 + (1 - beta1) g; second = beta2 m2 + (1 - beta2) g g
    const __m256 first =
        _mm256_add_ps(_mm256_mul_ps(beta1, _mm256_loadu_ps(m1 + i)), _mm256_mul_ps(rest1, gv));
    const __m256 second = _mm256_add_ps(_mm256_mul_ps(beta2, _mm256_loadu_ps(m2 + i)),
                                        _mm256_mul_ps(_mm256_mul_ps(rest2, gv), gv));
    // p keep - lr_t first / (sqrt(second) + epsilon_t)
    const __m256 step =
        _mm256_div_ps(_mm256_mul_ps(lr_t, first), _mm256_add_ps(_mm256_sqrt_ps(second), epsilon_t));
    const __m256 value = _mm256_sub_ps(_mm256_mul_ps(_mm256_loadu_ps(p + i), keep), step);
    _mm256_storeu_ps(m1_out + i, first);
    _mm256_storeu_ps(m2_out + i, second);
    _mm256_storeu_ps(p_out + i, value);
    if (master_out != nullptr) _mm256_storeu_ps(master_out + i, value);
  }
  AdamRange(i, end, p, g, m1, m2, u, p_out, m1_out, m2_out, master_out);
}

}  // namespace
#endif

bool AdamRangeAvx2(int64_t begin, int64_t end, const float* p, const float* g, const float* m1,
                   const float* m2, const AdamUpdate<float>& update, float* p_out, float* m1_out,
                   float* m2_out, float* master_out) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (!avx2) return false;
  AdamLanes(begin, end, p, g, m1, m2, update, p_out, m1_out, m2_out, master_out);
  return true;
#else
  return false;
#endif
}

}  // namespace funcs
}  // namespace phi
