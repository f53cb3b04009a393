#include "paddle/phi/kernels/fused_multihead_attention_kernel.h"

#include <algorithm>
#include <type_traits>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/meta_tensor.h"
#include "paddle/phi/infermeta/fused.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/funcs/softmax_row.h"

namespace phi {
namespace {

// Extents and strides of one call; a Mask stride is 0 along a broadcast dimension.
struct AttentionShape {
  int64_t batch, heads, q_len, kv_len, head_size, v_head_size;
  int64_t mask_stride[4] = {0, 0, 0, 0};  // [b, h, i, j]
};

constexpr int64_t kRows = 4;   // query rows per block
constexpr int64_t kCols = 16;  // score or output columns per block

inline int64_t RoundUp(int64_t n, int64_t m) { return (n + m - 1) / m * m; }

// c[r * ldc + (0, kCols)] = sum over t < depth of a[r][t] * b[t * ldb + (0, kCols)], r < kRows,
// where a[r] = a_rows[r] (stride 1) and b holds kCols readable columns.
template <typename T>
inline __attribute__((always_inline)) void BlockProduct(const T* const* a_rows, const T* b,
                                                        int64_t ldb, int64_t depth, T* c,
                                                        int64_t ldc) {
  T acc[kRows][kCols] = {};
  for (int64_t t = 0; t < depth; ++t) {
    const T* __restrict b_row = b + t * ldb;
    for (int64_t r = 0; r < kRows; ++r) {
      const T x = a_rows[r][t];
      for (int64_t l = 0; l < kCols; ++l) acc[r][l] += x * b_row[l];
    }
  }
  for (int64_t r = 0; r < kRows; ++r)
    for (int64_t l = 0; l < kCols; ++l) c[r * ldc + l] = acc[r][l];
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// BlockProduct for float with AVX2 + FMA: the kRows x kCols sums stay in eight registers across
// the whole depth (eight independent chains), where the compiler's version of the loops above
// stored and reloaded them for every t.
static_assert(kRows == 4 && kCols == 16, "BlockProductAvx2 is written for 4 x 16 blocks");
__attribute__((target("avx2,fma"))) void BlockProductAvx2(const float* const* a_rows,
                                                          const float* b, int64_t ldb,
                                                          int64_t depth, float* c, int64_t ldc) {
  // Eight named accumulators (an array of them was kept on the stack, stored every step).
  __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00,
         c30 = c00, c31 = c00;
  const float *a0 = a_rows[0], *a1 = a_rows[1], *a2 = a_rows[2], *a3 = a_rows[3];
  for (int64_t t = 0; t < depth; ++t) {
    const __m256 b0 = _mm256_loadu_ps(b + t * ldb);
    const __m256 b1 = _mm256_loadu_ps(b + t * ldb + 8);
    __m256 x = _mm256_broadcast_ss(a0 + t);
    c00 = _mm256_fmadd_ps(x, b0, c00);
    c01 = _mm256_fmadd_ps(x, b1, c01);
    x = _mm256_broadcast_ss(a1 + t);
    c10 = _mm256_fmadd_ps(x, b0, c10);
    c11 = _mm256_fmadd_ps(x, b1, c11);
    x = _mm256_broadcast_ss(a2 + t);
    c20 = _mm256_fmadd_ps(x, b0, c20);
    c21 = _mm256_fmadd_ps(x, b1, c21);
    x = _mm256_broadcast_ss(a3 + t);
    c30 = _mm256_fmadd_ps(x, b0, c30);
    c31 = _mm256_fmadd_ps(x, b1, c31);
  }
  _mm256_storeu_ps(c, c00);
  _mm256_storeu_ps(c + 8, c01);
  _mm256_storeu_ps(c + ldc, c10);
  _mm256_storeu_ps(c + ldc + 8, c11);
  _mm256_storeu_ps(c + 2 * ldc, c20);
  _mm256_storeu_ps(c + 2 * ldc + 8, c21);
  _mm256_storeu_ps(c + 3 * ldc, c30);
  _mm256_storeu_ps(c + 3 * ldc + 8, c31);
}
#endif

template <typename T, bool kAvx2>
inline __attribute__((always_inline)) void Product(const T* const* a_rows, const T* b, int64_t ldb,
                                                   int64_t depth, T* c, int64_t ldc) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  if constexpr (kAvx2 && std::is_same_v<T, float>) {
    return BlockProductAvx2(a_rows, b, ldb, depth, c, ldc);
  }
#endif
  BlockProduct(a_rows, b, ldb, depth, c, ldc);
}

// Heads [begin, end) (task t = b * heads + h) of the attention. Per head, K's columns are
// copied transposed ([D, Skv] padded to whole column blocks) and V's ([Skv, Dv] padded alike);
// per block of kRows query rows, the scores are BlockProducts of the rows by K^T, each row then
// scaled, masked and softmaxed, and Out's rows BlockProducts of the weights by V. A last block
// of fewer rows repeats its last row (computed, not stored). Always inlined into the two entry
// points below, so that each is vectorized for its target.
template <typename T, bool kAvx2>
inline __attribute__((always_inline)) void AttentionHeadsBody(const T* q, const T* k, const T* v,
                                                              const T* mask,
                                                              const AttentionShape& s, T alpha,
                                                              bool scale_q, int64_t begin,
                                                              int64_t end, T* out) {
  const int64_t d_size = s.head_size, dv_size = s.v_head_size, kv_len = s.kv_len;
  const int64_t q_width = s.heads * d_size, v_width = s.heads * dv_size;
  const int64_t kv_pad = RoundUp(kv_len, kCols), dv_pad = RoundUp(dv_size, kCols);
  std::vector<T> kt(d_size * kv_pad, T(0)), vp(kv_len * dv_pad, T(0));
  std::vector<T> q_rows(kRows * d_size), scores(kRows * kv_pad);
  T block[kRows][kCols];
  for (int64_t t = begin; t < end; ++t) {
    const int64_t b = t / s.heads, h = t % s.heads;
    const T* k_head = k + b * kv_len * q_width + h * d_size;
    for (int64_t j = 0; j < kv_len; ++j)
      for (int64_t d = 0; d < d_size; ++d) kt[d * kv_pad + j] = k_head[j * q_width + d];
    const T* v_head = v + b * kv_len * v_width + h * dv_size;
    for (int64_t j = 0; j < kv_len; ++j)
      std::copy(v_head + j * v_width, v_head + j * v_width + dv_size, vp.data() + j * dv_pad);
    for (int64_t i0 = 0; i0 < s.q_len; i0 += kRows) {
      const int64_t rows = std::min(kRows, s.q_len - i0);
      const T* a_rows[kRows];
      for (int64_t r = 0; r < kRows; ++r) {
        const T* q_in = q + (b * s.q_len + i0 + std::min(r, rows - 1)) * q_width + h * d_size;
        T* q_row = q_rows.data() + r * d_size;
        if (scale_q) {
          for (int64_t d = 0; d < d_size; ++d) q_row[d] = alpha * q_in[d];
        } else {
          std::copy(q_in, q_in + d_size, q_row);
        }
        a_rows[r] = q_row;
      }
      for (int64_t j0 = 0; j0 < kv_pad; j0 += kCols)
        Product<T, kAvx2>(a_rows, kt.data() + j0, kv_pad, d_size, scores.data() + j0, kv_pad);
      for (int64_t r = 0; r < rows; ++r) {
        T* __restrict row = scores.data() + r * kv_pad;
        if (!scale_q) {
          for (int64_t j = 0; j < kv_len; ++j) row[j] *= alpha;
        }
        if (mask != nullptr) {
          const int64_t i = i0 + r;
          const T* m = mask + b * s.mask_stride[0] + h * s.mask_stride[1] + i * s.mask_stride[2];
          const int64_t mj = s.mask_stride[3];
          for (int64_t j = 0; j < kv_len; ++j) row[j] += m[j * mj];
        }
        funcs::SoftmaxRow(row, kv_len, row);
      }
      for (int64_t r = 0; r < kRows; ++r)
        a_rows[r] = scores.data() + std::min(r, rows - 1) * kv_pad;
      T* o = out + (b * s.q_len + i0) * v_width + h * dv_size;
      for (int64_t e0 = 0; e0 < dv_size; e0 += kCols) {
        const int64_t cols = std::min(kCols, dv_size - e0);
        if (rows == kRows && cols == kCols) {  // a whole block: straight into Out
          Product<T, kAvx2>(a_rows, vp.data() + e0, dv_pad, kv_len, o + e0, v_width);
          continue;
        }
        Product<T, kAvx2>(a_rows, vp.data() + e0, dv_pad, kv_len, &block[0][0], kCols);
        for (int64_t r = 0; r < rows; ++r)
          std::copy(block[r], block[r] + cols, o + r * v_width + e0);
      }
    }
  }
}

template <typename T>
void AttentionHeads(const T* q, const T* k, const T* v, const T* mask, const AttentionShape& s,
                    T alpha, bool scale_q, int64_t begin, int64_t end, T* out) {
  AttentionHeadsBody<T, false>(q, k, v, mask, s, alpha, scale_q, begin, end, out);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
template <typename T>
__attribute__((target("avx2,fma"))) void AttentionHeadsAvx2(const T* q, const T* k, const T* v,
                                                            const T* mask, const AttentionShape& s,
                                                            T alpha, bool scale_q, int64_t begin,
                                                            int64_t end, T* out) {
  AttentionHeadsBody<T, true>(q, k, v, mask, s, alpha, scale_q, begin, end, out);
}
#endif

template <typename T>
auto PickAttentionHeads() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  if (avx2) return &AttentionHeadsAvx2<T>;
#endif
  return &AttentionHeads<T>;
}

}  // namespace

template <typename T, typename Context>
void FusedMultiheadAttentionKernel(const Context& dev_ctx, const DenseTensor& q,
                                   const DenseTensor& k, const DenseTensor& v,
                                   const DenseTensor* mask, int head_number, float alpha,
                                   bool scale_q, DenseTensor* out) {
  MetaTensor out_meta(out);
  FusedMultiheadAttentionInferMeta(&q, &k, &v, mask, head_number, alpha, scale_q, &out_meta);
  AttentionShape s;
  s.batch = q.dims()[0];
  s.heads = head_number;
  s.q_len = q.dims()[1];
  s.kv_len = k.dims()[1];
  s.head_size = q.dims()[2] / head_number;
  s.v_head_size = v.dims()[2] / head_number;
  if (mask != nullptr) {
    const DDim& md = mask->dims();
    int64_t stride = 1;
    for (int i = 0; i < md.size(); ++i) {
      const int64_t extent = md[md.size() - 1 - i];
      s.mask_stride[3 - i] = extent == 1 ? 0 : stride;
      stride *= extent;
    }
  }
  T* result = dev_ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  if (s.kv_len == 0) {  // softmax over nothing: no weights, a zero output
    std::fill(result, result + out->numel(), T(0));
    return;
  }
  const auto heads = PickAttentionHeads<T>();
  const T* mask_data = mask != nullptr ? mask->data<T>() : nullptr;
  const int64_t per_head = s.q_len * s.kv_len * (s.head_size + s.v_head_size + 8);
  funcs::ParallelRange(s.batch * s.heads, per_head, [&](int64_t begin, int64_t end) {
    heads(q.data<T>(), k.data<T>(), v.data<T>(), mask_data, s, static_cast<T>(alpha), scale_q,
          begin, end, result);
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_multihead_attention, CPU, phi::FusedMultiheadAttentionKernel, float,
                   double);
