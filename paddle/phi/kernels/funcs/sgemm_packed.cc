#include "paddle/phi/kernels/funcs/sgemm_packed.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "paddle/phi/core/thread_pool.h"
#include "paddle/phi/kernels/funcs/parallel.h"

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>

#include "paddle/phi/kernels/funcs/avx2_lanes.h"
#define PHI_PACKED_SGEMM 1
#endif

namespace phi {
namespace funcs {
namespace internal {

bool PackedSgemmUsable() {
#ifdef PHI_PACKED_SGEMM
  static const bool usable = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return usable;
#else
  return false;
#endif
}

namespace {

#ifdef PHI_PACKED_SGEMM
// r[i][j] -> r[j][i] for an 8 x 8 block of floats.
inline void Transpose8x8(__m256 r[8]) {
  const __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
  const __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
  const __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
  const __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
  const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  const __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  const __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  r[0] = _mm256_permute2f128_ps(u0, u4, 0x20);
  r[1] = _mm256_permute2f128_ps(u1, u5, 0x20);
  r[2] = _mm256_permute2f128_ps(u2, u6, 0x20);
  r[3] = _mm256_permute2f128_ps(u3, u7, 0x20);
  r[4] = _mm256_permute2f128_ps(u0, u4, 0x31);
  r[5] = _mm256_permute2f128_ps(u1, u5, 0x31);
  r[6] = _mm256_permute2f128_ps(u2, u6, 0x31);
  r[7] = _mm256_permute2f128_ps(u3, u7, 0x31);
}
#endif

// One packed row of a panel: 16 floats, or `cols` of them and zeros after.
inline void CopyPanelRow(const float* src, int64_t cols, float* out) {
  if (cols == kGemmPanelCols) {
    std::memcpy(out, src, kGemmPanelCols * sizeof(float));  // a fixed size: inlined
    return;
  }
  for (int64_t j = 0; j < cols; ++j) out[j] = src[j];
  for (int64_t j = cols; j < kGemmPanelCols; ++j) out[j] = 0.0f;
}

}  // namespace

void GemmMatrixB::Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, float* dst) const {
  constexpr int64_t kNr = kGemmPanelCols;
  if (!trans_) {  // along B's rows: reads are sequential, each panel gets 16 of them
    for (int64_t p = 0; p < kc; ++p) {
      const float* src = b_ + (k0 + p) * ldb_ + n0;
      float* out = dst + p * kNr;
      for (int64_t j0 = 0; j0 < nc; j0 += kNr, out += kc * kNr) {
        CopyPanelRow(src + j0, std::min(kNr, nc - j0), out);
      }
    }
    return;
  }
  // b is [n, k]: column j of op(B) is row n0 + j of b, read along k.
  for (int64_t j0 = 0; j0 < nc; j0 += kNr, dst += kc * kNr) {
    const int64_t cols = std::min(kNr, nc - j0);
#ifdef PHI_PACKED_SGEMM
    if (cols == kNr) {  // 8 x 8 blocks transposed in registers
      int64_t p = 0;
      for (; p + 8 <= kc; p += 8) {
        for (int64_t half = 0; half < kNr; half += 8) {
          __m256 r[8];
          for (int j = 0; j < 8; ++j)
            r[j] = _mm256_loadu_ps(b_ + (n0 + j0 + half + j) * ldb_ + k0 + p);
          Transpose8x8(r);
          for (int q = 0; q < 8; ++q) _mm256_storeu_ps(dst + (p + q) * kNr + half, r[q]);
        }
      }
      for (; p < kc; ++p) {
        for (int64_t j = 0; j < kNr; ++j) dst[p * kNr + j] = b_[(n0 + j0 + j) * ldb_ + k0 + p];
      }
      continue;
    }
#endif
    for (int64_t j = 0; j < cols; ++j) {
      const float* src = b_ + (n0 + j0 + j) * ldb_ + k0;
      for (int64_t p = 0; p < kc; ++p) dst[p * kNr + j] = src[p];
    }
    for (int64_t j = cols; j < kNr; ++j) {
      for (int64_t p = 0; p < kc; ++p) dst[p * kNr + j] = 0.0f;
    }
  }
}

namespace {

// K per block: a 16-column B panel of 256 rows is 16 KiB (L1 holds it while every A panel of
// the block passes).
constexpr int64_t kKc = 256;

GemmFloats AllocateFloats(int64_t floats) {
  void* p = std::aligned_alloc(64, static_cast<size_t>((floats * 4 + 63) / 64 * 64));
  if (p == nullptr) throw std::bad_alloc();
  return GemmFloats(static_cast<float*>(p));
}

}  // namespace

int64_t GemmKBlock(int64_t k) {
  // Blocks of equal size (576 = 3 x 192, not 256 + 256 + 64): a short last block would spend
  // as long on its C loads and stores as on its products.
  const int64_t blocks = (k + kKc - 1) / kKc;
  return blocks > 0 ? (k + blocks - 1) / blocks : 1;
}

GemmPackedPanels::GemmPackedPanels(int64_t k, int64_t width, int64_t slack)
    : k_(k), kc_(GemmKBlock(k)), width_(width), floats_(std::max<int64_t>(k * width + slack, 1)) {
  data_ = AllocateFloats(floats_);
}

GemmPackedB::GemmPackedB(int64_t k, int64_t n, const GemmMatrixB& b)
    : GemmPackedPanels(k, (n + kGemmPanelCols - 1) / kGemmPanelCols * kGemmPanelCols, 0), n_(n) {
  for (int64_t p0 = 0; p0 < k_; p0 += kc_) b.Pack(p0, std::min(kc_, k_ - p0), 0, n_, Block(p0));
}

void GemmRowsB::Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, float* dst) const {
  constexpr int64_t kNr = kGemmPanelCols;
  for (int64_t p = 0; p < kc; ++p) {
    const float* src = base_ + offsets_[k0 + p] + n0;
    float* out = dst + p * kNr;
    for (int64_t j0 = 0; j0 < nc; j0 += kNr, out += kc * kNr) {
      CopyPanelRow(src + j0, std::min(kNr, nc - j0), out);
    }
  }
}

#ifdef PHI_PACKED_SGEMM
namespace {

constexpr int64_t kMr = kGemmPanelRows;
constexpr int64_t kNr = kGemmPanelCols;
// M per block: 120 x 256 floats of A are 120 KiB (L2); N per block: the packed B block,
// 256 x 2048 floats, 2 MiB (L3). (K per block: kKc.)
constexpr int64_t kMc = 120;
constexpr int64_t kNc = 2048;

// Six rows of A (row stride lda), kc columns, interleaved: dst[p * 6 + i] = src[i * lda + p].
// Eight columns at a time go through an 8 x 8 transpose (rows 6 and 7 zero); each column's
// 8-float store spills 2 floats past its 6, which the next store overwrites (the last one lands
// in the next panel, packed later, or in the buffer's slack).
void PackSixRows(const float* src, int64_t lda, int64_t kc, float* dst) {
  int64_t p = 0;
  for (; p + 8 <= kc; p += 8) {
    __m256 r[8];
    for (int i = 0; i < kMr; ++i) r[i] = _mm256_loadu_ps(src + i * lda + p);
    r[6] = r[7] = _mm256_setzero_ps();
    Transpose8x8(r);
    for (int q = 0; q < 8; ++q) _mm256_storeu_ps(dst + (p + q) * kMr, r[q]);
  }
  for (; p < kc; ++p) {
    for (int64_t i = 0; i < kMr; ++i) dst[p * kMr + i] = src[i * lda + p];
  }
}

// A's rows [i0, i0 + mc), columns [p0, p0 + kc) as panels of 6 rows: panel r at
// dst + r * kc * 6, entry (p, i) at p * 6 + i; rows past mc are zero.
void PackA(const float* a, int64_t lda, bool trans_a, int64_t i0, int64_t mc, int64_t p0,
           int64_t kc, float* dst) {
  for (int64_t r0 = 0; r0 < mc; r0 += kMr, dst += kc * kMr) {
    const int64_t rows = std::min(kMr, mc - r0);
    if (trans_a) {  // a is [k, m]: the 6 entries of one k are adjacent
      const float* src = a + p0 * lda + i0 + r0;
      if (r0 + 8 <= mc) {  // 8 columns of the block: no read past A
        // 8 floats a row (within it), stored overlapping: each store's 2 extra floats are
        // overwritten by the next (the last lands in the next panel or the buffer's slack).
        for (int64_t p = 0; p < kc; ++p, src += lda) {
          _mm256_storeu_ps(dst + p * kMr, _mm256_loadu_ps(src));
        }
        continue;
      }
      for (int64_t p = 0; p < kc; ++p, src += lda) {
        float* out = dst + p * kMr;
        for (int64_t i = 0; i < rows; ++i) out[i] = src[i];
        for (int64_t i = rows; i < kMr; ++i) out[i] = 0.0f;
      }
      continue;
    }
    const float* src = a + (i0 + r0) * lda + p0;
    if (rows == kMr) {
      PackSixRows(src, lda, kc, dst);
      continue;
    }
    for (int64_t p = 0; p < kc; ++p) {
      float* out = dst + p * kMr;
      for (int64_t i = 0; i < rows; ++i) out[i] = src[i * lda + p];
      for (int64_t i = rows; i < kMr; ++i) out[i] = 0.0f;
    }
  }
}

// How a tile reads A: kAPacked, a packed panel of 6 rows (entry (i, p) at a[p * 6 + i]), or
// kARows, where A is stored by rows (entry (i, p) at a[i * lda + p]).
enum : int { kAPacked = 0, kARows = 1 };

// A register tile of R rows (R <= 6) by V * 8 columns (V = 1 or 2): acc = sum over p of
// A(i, p) * B(p, j) (A as kA says), B(p, j) = b[p * 16 + j] from a packed panel or, kDirect,
// b[rows[p] + j] from a GemmRowsB in place; then c[i * ldc + j] = alpha * acc + beta * c for the
// first `cols` columns (c is not read when beta == 0; columns past `cols` are neither read nor
// written: masked), finished by `stage` where given (its bias from stage_bias, the tile's first
// column). The loops over i and v unroll fully, so the accumulators stay in registers.
template <int R, int V, bool kDirect, int kA = kAPacked>
inline void KernelTile(int64_t kc, const float* a, const float* b, float* c, int64_t ldc,
                       float alpha, float beta, int64_t cols, const int64_t* rows,
                       const GemmColumnStage* stage, const float* stage_bias, int64_t lda = 0) {
  __m256 acc[R][V];
#pragma GCC unroll 6
  for (int i = 0; i < R; ++i) {
#pragma GCC unroll 2
    for (int v = 0; v < V; ++v) acc[i][v] = _mm256_setzero_ps();
  }
  // The stage's residual for this tile (laid out as C), asked into L1 now so that it has
  // arrived when the sums are stored.
  const float* residual = stage != nullptr && stage->residual != nullptr
                              ? stage->residual + (c - stage->residual_origin)
                              : nullptr;
  if (residual != nullptr) {
#pragma GCC unroll 6
    for (int i = 0; i < R; ++i) {
      _mm_prefetch(reinterpret_cast<const char*>(residual + i * ldc), _MM_HINT_T0);
      _mm_prefetch(reinterpret_cast<const char*>(residual + i * ldc + 8 * V - 1), _MM_HINT_T0);
    }
  }
  // Lane j of vector v is read (in place) and written when 8 * v + j < cols (all lanes of a
  // whole tile): a partial tile reads nothing past its columns. The masks are made after the
  // loop where it does not need them: live across it, they would push the accumulators out of
  // the 16 vector registers.
  const bool whole = cols == 8 * V;
  const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  auto make_masks = [&](__m256i* mask) {
#pragma GCC unroll 2
    for (int v = 0; v < V; ++v) {
      mask[v] = _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(cols - 8 * v)), lane);
    }
  };
  auto step = [&](const __m256* bv) {
#pragma GCC unroll 6
    for (int i = 0; i < R; ++i) {
      const __m256 ai = _mm256_broadcast_ss(a + i);
#pragma GCC unroll 2
      for (int v = 0; v < V; ++v) acc[i][v] = _mm256_fmadd_ps(ai, bv[v], acc[i][v]);
    }
  };
  if (kDirect && !whole) {
    __m256i load_mask[V];
    make_masks(load_mask);
    for (int64_t p = 0; p < kc; ++p, a += kMr) {
      __m256 bv[V];
#pragma GCC unroll 2
      for (int v = 0; v < V; ++v) bv[v] = _mm256_maskload_ps(b + rows[p] + 8 * v, load_mask[v]);
      step(bv);
    }
  } else if constexpr (kA == kARows) {
    // A's R rows read where they are (row i at a + i * lda), B packed.
    const float* arow[R];
#pragma GCC unroll 6
    for (int i = 0; i < R; ++i) arow[i] = a + i * lda;
    for (int64_t p = 0; p < kc; ++p) {
      __m256 bv[V];
#pragma GCC unroll 2
      for (int v = 0; v < V; ++v) bv[v] = _mm256_load_ps(b + p * kNr + 8 * v);
#pragma GCC unroll 6
      for (int i = 0; i < R; ++i) {
        const __m256 ai = _mm256_broadcast_ss(arow[i] + p);
#pragma GCC unroll 2
        for (int v = 0; v < V; ++v) acc[i][v] = _mm256_fmadd_ps(ai, bv[v], acc[i][v]);
      }
    }
  } else {
    for (int64_t p = 0; p < kc; ++p, a += kMr) {
      __m256 bv[V];
#pragma GCC unroll 2
      for (int v = 0; v < V; ++v) {
        bv[v] =
            kDirect ? _mm256_loadu_ps(b + rows[p] + 8 * v) : _mm256_load_ps(b + p * kNr + 8 * v);
      }
      step(bv);
    }
  }
  __m256i mask[V];
  make_masks(mask);
  // The column stage's bias vectors (read only over the tile's columns; zero, unused, without)
  // and its clamp, taken into registers once (read through `stage` they would be read again
  // after every store, which might have changed them).
  __m256 bias[V];
#pragma GCC unroll 2
  for (int v = 0; v < V; ++v) {
    bias[v] = stage_bias == nullptr ? _mm256_setzero_ps()
              : whole               ? _mm256_loadu_ps(stage_bias + 8 * v)
                                    : _mm256_maskload_ps(stage_bias + 8 * v, mask[v]);
  }
  const bool staged = stage != nullptr;
  const __m256 low = _mm256_set1_ps(staged ? stage->low : 0.0f);
  const __m256 high = _mm256_set1_ps(staged ? stage->high : 0.0f);
  const bool hard_swish = staged && stage->hard_swish;
  // c = alpha * acc (+ beta * c), finished by the stage. With alpha 1 and beta 0 (every
  // convolution's GEMM) the sums are stored as they are: multiplying them by 1 changed nothing
  // but cost a multiply per vector on the FMA units (a tile of K 16 spends a third of its time
  // outside its loop over K).
  const auto store = [&](auto plain) {
    constexpr bool kPlain = decltype(plain)::value;
    const __m256 va = _mm256_set1_ps(alpha);
    const __m256 vb = _mm256_set1_ps(beta);
#pragma GCC unroll 6
    for (int i = 0; i < R; ++i) {
#pragma GCC unroll 2
      for (int v = 0; v < V; ++v) {
        float* dst = c + i * ldc + 8 * v;
        __m256 r = acc[i][v];
        if constexpr (!kPlain) {
          r = _mm256_mul_ps(r, va);
          if (beta != 0.0f) {
            const __m256 old = whole ? _mm256_loadu_ps(dst) : _mm256_maskload_ps(dst, mask[v]);
            r = _mm256_fmadd_ps(old, vb, r);
          }
        }
        if (staged) {  // the value Apply would have read back, finished as it would
          if (stage_bias != nullptr) r = _mm256_add_ps(r, bias[v]);
          if (residual != nullptr) {
            const float* from = residual + i * ldc + 8 * v;
            r = _mm256_add_ps(r, whole ? _mm256_loadu_ps(from) : _mm256_maskload_ps(from, mask[v]));
          }
          r = ClampHardSwishAvx2(r, low, high, hard_swish);
        }
        if (whole) {
          _mm256_storeu_ps(dst, r);
        } else {
          _mm256_maskstore_ps(dst, mask[v], r);
        }
      }
    }
  };
  // The commonest tiles, whole with alpha 1 and beta 0, without branches per vector: the sums
  // as they are, or finished by a stage with a bias (pixel-major convolutions' expansions) and
  // maybe a residual (their projections in ResNets).
  const auto store_whole = [&](auto finish, auto swish, auto add_residual) {
#pragma GCC unroll 6
    for (int i = 0; i < R; ++i) {
#pragma GCC unroll 2
      for (int v = 0; v < V; ++v) {
        __m256 r = acc[i][v];
        if constexpr (decltype(finish)::value) {
          r = _mm256_add_ps(r, bias[v]);
          if constexpr (decltype(add_residual)::value) {
            r = _mm256_add_ps(r, _mm256_loadu_ps(residual + i * ldc + 8 * v));
          }
          r = ClampHardSwishAvx2(r, low, high, decltype(swish)::value);
        }
        _mm256_storeu_ps(c + i * ldc + 8 * v, r);
      }
    }
  };
  if (alpha == 1.0f && beta == 0.0f && whole) {
    if (!staged) return store_whole(std::false_type{}, std::false_type{}, std::false_type{});
    if (stage_bias != nullptr && residual == nullptr) {
      return hard_swish ? store_whole(std::true_type{}, std::true_type{}, std::false_type{})
                        : store_whole(std::true_type{}, std::false_type{}, std::false_type{});
    }
    if (stage_bias != nullptr && !hard_swish) {
      return store_whole(std::true_type{}, std::false_type{}, std::true_type{});
    }
  }
  if (alpha == 1.0f && beta == 0.0f) {
    store(std::true_type{});
  } else {
    store(std::false_type{});
  }
}

using KernelFn = void (*)(int64_t, const float*, const float*, float*, int64_t, float, float,
                          int64_t, const int64_t*, const GemmColumnStage*, const float*, int64_t);

// The kernel for a tile of `rows` rows and up to (v + 1) * 8 columns, B packed or in place.
KernelFn PickKernel(int64_t rows, int v, bool direct, int a_kind) {
#define PD_TILES(D, RA)                                       \
  {                                                           \
    {KernelTile<1, 1, D, RA>, KernelTile<1, 2, D, RA>},       \
        {KernelTile<2, 1, D, RA>, KernelTile<2, 2, D, RA>},   \
        {KernelTile<3, 1, D, RA>, KernelTile<3, 2, D, RA>},   \
        {KernelTile<4, 1, D, RA>, KernelTile<4, 2, D, RA>},   \
        {KernelTile<5, 1, D, RA>, KernelTile<5, 2, D, RA>}, { \
      KernelTile<6, 1, D, RA>, KernelTile<6, 2, D, RA>        \
    }                                                         \
  }
  static const KernelFn kernels[3][kMr][2] = {PD_TILES(false, kAPacked), PD_TILES(true, kAPacked),
                                              PD_TILES(false, kARows)};
#undef PD_TILES
  return kernels[a_kind == kARows ? 2 : direct ? 1 : 0][rows - 1][v];
}

// Pack buffers of one thread, kept between calls.
float* ThreadBuffer(int which, int64_t floats) {
  thread_local GemmFloats buffers[2];
  thread_local int64_t sizes[2] = {0, 0};
  if (sizes[which] < floats) {
    buffers[which] = AllocateFloats(floats);
    sizes[which] = floats;
  }
  return buffers[which].get();
}

// The tile at rows [i0, i0 + mr), columns [j0, j0 + nr) of C; A is a packed panel or, a_kind
// kARows, its first row (rows lda apart); B is a packed panel (rows null) or, from a GemmRowsB,
// the address of its column j0 with rows[p] the offset of row p. `stage` (may be null) finishes
// the tile as it is stored.
// A tile's sums (entry (i, j) at sums[i * row_step + j * col_step]) stored into C's rows
// [i0, i0 + mr), columns [j0, j0 + nr) where those columns cross segment ends: column by column,
// none past a segment's valid columns, alpha * sum + beta * c.
void StoreAcrossSegments(const float* sums, int64_t row_step, int64_t col_step,
                         const GemmCLayout& c, int64_t i0, int64_t mr, int64_t j0, int64_t nr,
                         float alpha, float beta) {
  const int64_t valid = c.Valid();
  int64_t seg_now = j0 / c.seg_cols, col_now = j0 % c.seg_cols;
  for (int64_t j = 0; j < nr; ++j) {
    float* dst = c.base + seg_now * c.seg_stride + col_now + i0 * c.ldc;
    for (int64_t i = 0; i < mr && col_now < valid; ++i) {
      const float r = alpha * sums[i * row_step + j * col_step];
      dst[i * c.ldc] = beta == 0.0f ? r : r + beta * dst[i * c.ldc];
    }
    if (++col_now == c.seg_cols) {
      col_now = 0;
      ++seg_now;
    }
  }
}

void Tile(int64_t kc, const float* a, const float* b, const int64_t* rows, const GemmCLayout& c,
          int64_t i0, int64_t mr, int64_t j0, int64_t nr, float alpha, float beta,
          const GemmColumnStage* stage = nullptr, int a_kind = kAPacked, int64_t lda = 0) {
  const int64_t seg = j0 / c.seg_cols;
  const int64_t col = j0 % c.seg_cols;
  const int64_t valid = c.Valid();
  float* origin = c.base + seg * c.seg_stride + col + i0 * c.ldc;
  const float* stage_bias =
      stage != nullptr && stage->bias != nullptr ? stage->bias + col : nullptr;
  const int v = nr > 8 ? 1 : 0;
  if (mr == kMr && nr == kNr && col + kNr <= valid) {  // the common cases, inlined
    if (a_kind == kARows) {
      KernelTile<kMr, 2, false, kARows>(kc, a, b, origin, c.ldc, alpha, beta, kNr, nullptr, stage,
                                        stage_bias, lda);
    } else if (rows == nullptr) {
      KernelTile<kMr, 2, false>(kc, a, b, origin, c.ldc, alpha, beta, kNr, nullptr, stage,
                                stage_bias);
    } else {
      KernelTile<kMr, 2, true>(kc, a, b, origin, c.ldc, alpha, beta, kNr, rows, stage, stage_bias);
    }
    return;
  }
  const KernelFn kernel = PickKernel(mr, v, rows != nullptr, a_kind);
  if (col + nr <= valid) {  // within one segment: straight into C (masked past nr)
    kernel(kc, a, b, origin, c.ldc, alpha, beta, nr, rows, stage, stage_bias, lda);
    return;
  }
  if (stage != nullptr) {  // PackedSgemm passes a stage only where C is one whole segment
    throw std::logic_error("PackedSgemm: a column stage on a tile across segments");
  }
  // Across segments: through a buffer, column by column. (B read in place never gets here:
  // InPlacePanels stops its panels at segment ends. Were it to, its tile reads only nr columns.)
  alignas(32) float tile[kMr * kNr];
  kernel(kc, a, b, tile, kNr, 1.0f, 0.0f, rows != nullptr ? nr : (v + 1) * 8, rows, nullptr,
         nullptr, lda);
  StoreAcrossSegments(tile, kNr, 1, c, i0, mr, j0, nr, alpha, beta);
}

// How far A's row i + 1 starts from row i's in the tiles' terms: packed panels (a panel of 6
// rows is 6 * kc floats, so a row kc), or rows lda apart.
inline int64_t ARowStep(int a_kind, int64_t kc, int64_t lda) { return a_kind == kARows ? lda : kc; }

// Rows of the tile at row ir of an A block of mc rows: kMr, the last tile what is left. Where
// A is read by rows (a tile may start on any row), a last tile of 1 to 3 rows is avoided: its 2
// to 6 sums are too few to keep both FMA units busy (each waits on its own previous FMA), and a
// 1-row tile ran at a third of the 6-row tiles' rate (MobileNetV2's 7 x 7 blocks, 49 rows an
// image: 6.7% of their time). The block ends instead with tiles of 5 and 4 rows (8 or 10 sums):
// mc % 6 == 1 ends 5, 4, 4; 2 ends 4, 4; 3 ends 5, 4. The sums are the same: each entry's
// products in the same order, whichever tile computes it.
inline int64_t TileRows(int a_kind, int64_t mc, int64_t ir) {
  const int64_t r = mc % kMr;
  const int64_t tail = r == 1 ? 13 : r == 2 ? 8 : r == 3 ? 9 : 0;
  if (a_kind != kARows || tail == 0 || mc < tail || ir < mc - tail) {
    return std::min(kMr, mc - ir);
  }
  return ir == mc - tail && r % 2 == 1 ? 5 : 4;
}

// A panel of at most kNarrowCols columns (the last of N = 98: 2): there the 8-wide register
// tile computes 8 columns for a few, with 6 sums in flight where the FMA units want 8. Instead
// the rows are the vector lanes: at each k, a packed A panel's 6 rows (one load; the 2 lanes
// past them are computed and dropped) times each column's B entry (a broadcast), G panels at a
// time, G x NR sums in flight. Every entry's products are added in the same order, with the
// same FMAs, and stored with the same formula as by the tiles (Tile, KernelTile), so the
// results are the same bits.
constexpr int64_t kNarrowCols = 4;

template <int G, int NR>
__attribute__((target("avx2,fma"))) void NarrowSums(int64_t kc, const float* a, const float* b,
                                                    float (*sums)[NR][8]) {
  __m256 acc[G][NR];
#pragma GCC unroll 6
  for (int g = 0; g < G; ++g) {
#pragma GCC unroll 4
    for (int j = 0; j < NR; ++j) acc[g][j] = _mm256_setzero_ps();
  }
  for (int64_t p = 0; p < kc; ++p) {
    __m256 av[G];
#pragma GCC unroll 6
    for (int g = 0; g < G; ++g) av[g] = _mm256_loadu_ps(a + g * kMr * kc + p * kMr);
#pragma GCC unroll 4
    for (int j = 0; j < NR; ++j) {
      const __m256 bj = _mm256_broadcast_ss(b + p * kNr + j);
#pragma GCC unroll 6
      for (int g = 0; g < G; ++g) acc[g][j] = _mm256_fmadd_ps(av[g], bj, acc[g][j]);
    }
  }
#pragma GCC unroll 6
  for (int g = 0; g < G; ++g) {
#pragma GCC unroll 4
    for (int j = 0; j < NR; ++j) _mm256_storeu_ps(sums[g][j], acc[g][j]);
  }
}

// C's rows [i0, i0 + mc) (A packed, kAPacked), columns [j0, j0 + NR) from the packed B panel.
template <int NR>
void NarrowPanel(int64_t kc, const float* apack, int64_t i0, int64_t mc, const float* bpanel,
                 int64_t j0, const GemmCLayout& c, float alpha, float beta) {
  constexpr int G = NR == 1 ? 6 : NR == 2 ? 4 : NR == 3 ? 3 : 2;
  const int64_t seg = j0 / c.seg_cols, col = j0 % c.seg_cols;
  const bool within = col + NR <= c.Valid();  // else Tile's path across segments
  const bool plain = alpha == 1.0f && beta == 0.0f;
  const int64_t panels = (mc + kMr - 1) / kMr;
  for (int64_t q = 0; q < panels;) {
    float sums[G][NR][8];
    const int take = panels - q >= G ? G : 1;
    if (take == G) {
      NarrowSums<G, NR>(kc, apack + q * kMr * kc, bpanel, sums);
    } else {
      NarrowSums<1, NR>(kc, apack + q * kMr * kc, bpanel, sums);
    }
    for (int g = 0; g < take; ++g, ++q) {
      const int64_t r0 = q * kMr, rows = std::min<int64_t>(kMr, mc - r0);
      if (!within) {
        StoreAcrossSegments(sums[g][0], 1, 8, c, i0 + r0, rows, j0, NR, alpha, beta);
        continue;
      }
      float* origin = c.base + seg * c.seg_stride + col + (i0 + r0) * c.ldc;
      for (int j = 0; j < NR; ++j) {
        for (int64_t i = 0; i < rows; ++i) {  // KernelTile's store
          float* e = origin + i * c.ldc + j;
          const float acc = sums[g][j][i];
          *e = plain ? acc : beta != 0.0f ? std::fma(*e, beta, acc * alpha) : acc * alpha;
        }
      }
    }
  }
}

// Rows of A (kc floats each, lda apart) asked into L2 a few lines at a time, spread over tiles
// that do not read them: the next A block, while this block's later panels run.
struct AheadRows {
  static constexpr int64_t kLineFloats = 16;  // 64-byte cache lines
  const float* a;                             // the first row
  int64_t rows, lda, lines_per_row;
  int64_t asked = 0, share = 0;  // lines asked so far; lines to ask after each tile

  AheadRows(const float* first, int64_t r, int64_t kc, int64_t stride)
      : a(first), rows(r), lda(stride), lines_per_row((kc + kLineFloats - 1) / kLineFloats) {}
  int64_t Lines() const { return rows * lines_per_row; }
  void AskShare() {
    for (const int64_t stop = std::min(Lines(), asked + share); asked < stop; ++asked) {
      const float* line = a + (asked / lines_per_row) * lda + (asked % lines_per_row) * kLineFloats;
      _mm_prefetch(reinterpret_cast<const char*>(line), _MM_HINT_T1);
    }
  }
};

// The tiles of one A block (rows [i0, i0 + mc); see Tile) against one B panel.
void PanelTiles(int64_t kc, const float* apack, int64_t i0, int64_t mc, const float* bpanel,
                const int64_t* rows, int64_t j0, int64_t nr, const GemmCLayout& c, float alpha,
                float beta, const GemmColumnStage* stage = nullptr, int a_kind = kAPacked,
                int64_t lda = 0, const float* next_panel = nullptr, AheadRows* ahead = nullptr) {
  if (nr <= kNarrowCols && a_kind == kAPacked && rows == nullptr && stage == nullptr) {
    switch (nr) {
      case 1:
        return NarrowPanel<1>(kc, apack, i0, mc, bpanel, j0, c, alpha, beta);
      case 2:
        return NarrowPanel<2>(kc, apack, i0, mc, bpanel, j0, c, alpha, beta);
      case 3:
        return NarrowPanel<3>(kc, apack, i0, mc, bpanel, j0, c, alpha, beta);
      default:
        return NarrowPanel<4>(kc, apack, i0, mc, bpanel, j0, c, alpha, beta);
    }
  }
  // next_panel (may be null): the panel the caller takes next, its kc lines (16 floats each)
  // asked into L1 a share after each tile, so that they arrive while this panel's tiles run
  // instead of stalling the next panel's first tile (see Block).
  const int64_t tiles = (mc + kMr - 1) / kMr;
  const int64_t share = next_panel != nullptr ? (kc + tiles - 1) / tiles : 0;
  const char* next = reinterpret_cast<const char*>(next_panel);
  int64_t asked = 0;
  for (int64_t ir = 0, mr = 0; ir < mc; ir += mr) {
    mr = TileRows(a_kind, mc, ir);
    Tile(kc, apack + ir * ARowStep(a_kind, kc, lda), bpanel, rows, c, i0 + ir, mr, j0, nr, alpha,
         beta, stage, a_kind, lda);
    for (const int64_t stop = std::min(kc, asked + share); asked < stop; ++asked) {
      _mm_prefetch(next + asked * kNr * sizeof(float), _MM_HINT_T0);
    }
    if (ahead != nullptr) ahead->AskShare();
  }
}

// Rows [i0, i0 + mc), columns [j0, j1) of C through the epilogue, one call per run of columns
// within a segment.
void FinishColumns(const GemmEpilogue& epi, const GemmCLayout& c, int64_t i0, int64_t mc,
                   int64_t j0, int64_t j1) {
  const int64_t valid = c.Valid();
  for (int64_t j = j0; j < j1;) {
    const int64_t col = j % c.seg_cols;
    if (col >= valid) {  // columns not stored
      j += c.seg_cols - col;
      continue;
    }
    const int64_t run = std::min(j1 - j, valid - col);
    epi.Apply(c.base + (j / c.seg_cols) * c.seg_stride + col + i0 * c.ldc, c.ldc, mc, run);
    j += run;
  }
}

// epi.Prefetch for rows [i0, i0 + mc), columns [j0, j1) of C (as FinishColumns splits them).
// Block calls it a panel at a time for the epilogue block after the one being computed, so that
// a residual read from memory arrives while the tiles run instead of stalling the epilogue:
// ResNet-50's 64 -> 256 1x1 convolutions with a residual at 56 x 56 (batch 2, rows outermost)
// went from 2.72-2.75 to 2.42-2.43 ms in the network, its 128 -> 512 at 28 x 28 (panel order)
// from 1.70-1.78 to 1.63-1.68 ms (conv_bench.py --layers resnet50, 1 thread).
void PrefetchColumns(const GemmEpilogue& epi, const GemmCLayout& c, int64_t i0, int64_t mc,
                     int64_t j0, int64_t j1) {
  const int64_t valid = c.Valid();
  for (int64_t j = j0; j < j1;) {
    const int64_t col = j % c.seg_cols;
    if (col >= valid) {
      j += c.seg_cols - col;
      continue;
    }
    const int64_t run = std::min(j1 - j, valid - col);
    epi.Prefetch(c.base + (j / c.seg_cols) * c.seg_stride + col + i0 * c.ldc, c.ldc, mc, run);
    j += run;
  }
}

// Columns the epilogue takes at once: 128 x (up to 120 rows) floats of C are still in L2
// when their last tiles are done, and its per-row loops get long enough to vectorize.
constexpr int64_t kEpilogueCols = 8 * kNr;

// The tiles of one packed A block against columns [j0, j1) of a GemmRowsB read in place, then
// the epilogue (may be null) every kEpilogueCols or so columns. Panels stop where a segment's
// stored columns end (the last may be narrower than 16) and skip the columns not stored, so no
// tile straddles two segments.
void InPlacePanels(int64_t kc, const float* apack, int64_t i0, int64_t mc, const GemmRowsB& b,
                   int64_t pc, int64_t j0, int64_t j1, const GemmCLayout& c, float alpha,
                   float beta, const GemmEpilogue* epi) {
  const int64_t valid = c.Valid();
  int64_t finished = j0;
  for (int64_t j = j0; j < j1;) {
    const int64_t col = j % c.seg_cols;
    if (col >= valid) {
      j += c.seg_cols - col;
      continue;
    }
    const int64_t width = std::min({kNr, valid - col, j1 - j});
    PanelTiles(kc, apack, i0, mc, b.base() + j, b.offsets() + pc, j, width, c, alpha, beta);
    j += width;
    if (epi != nullptr && j - finished >= kEpilogueCols) {
      FinishColumns(*epi, c, i0, mc, finished, j);
      finished = j;
    }
  }
  if (epi != nullptr && finished < j1) FinishColumns(*epi, c, i0, mc, finished, j1);
}

// B blocks of at most this many floats (512 KiB, in L2) and at least this many columns are
// swept once per row tile. (With fewer columns C is small, and the panel order measured
// faster: 1x1 convolutions 160 -> 960 and 320 -> 1280 channels over 2 x 7 x 7 pixels ran
// 7-9% slower by rows. 256 KiB left ResNet-50's 64 -> 256 at 56 x 56, K = 64 over 2048
// columns, in the panel order: 2.4 ms with its input from memory, 2.1 by rows.)
// A read by rows of at least this many floats (1 MiB, L2's size) is taken to come from L3 or
// memory, and its next block is asked ahead (see Block).
constexpr int64_t kAheadAFloats = int64_t{1} << 18;
constexpr int64_t kRowsOuterFloats = int64_t{1} << 17;
constexpr int64_t kRowsOuterCols = 1024;

// One thread's share: rows [m0, m1) by columns [n0, n1) of C.
void Block(int64_t m0, int64_t m1, int64_t n0, int64_t n1, int64_t k, float alpha, const float* a,
           int64_t lda, bool trans_a, const GemmBSource& b, float beta, const GemmCLayout& c,
           const GemmEpilogue* epilogue, const GemmPackedA* packed_a,
           const GemmColumnStage* column_stage) {
  const int64_t kc_max = GemmKBlock(k);
  const int64_t rows = m1 - m0;
  // A packed B block serves every A block (in L2) in turn, each B panel staying in L1 while
  // the A block's tiles pass. Row blocks of equal size (whole tiles), so that no block is a
  // thin remainder.
  const int64_t nc_max = std::min(kNc, (n1 - n0 + kNr - 1) / kNr * kNr);
  const int64_t m_blocks = (rows + kMc - 1) / kMc;
  const int64_t mc_max = ((rows + m_blocks - 1) / m_blocks + kMr - 1) / kMr * kMr;
  const GemmRowsB* in_place = b.AsRows();
  const bool b_packed = b.PackedPanels(0, n0) != nullptr;
  // A stored by rows (not packed ahead) is read where it is, B from packed panels: packing A
  // cost a pass over it per block for a layout the tiles read no faster (gemm_bench, 1 thread:
  // 512 x 98 x 4608 82-83 -> 90 GFLOP/s, 64 x 64 x 32 77 -> 88, the others within noise;
  // MobileNetV2, MobileNetV3-small and tiny BERT 0.964-0.966 of the time, 6 fresh-process rounds).
  // (A stored [k, m] read in place, R adjacent floats per k: MobileNetV2 0.999, MobileNetV3
  // 1.008 of the packed time; it stays packed.)
  const int a_kind = !trans_a && packed_a == nullptr && in_place == nullptr ? kARows : kAPacked;
  float* bpack = in_place == nullptr && !b_packed ? ThreadBuffer(0, kc_max * nc_max) : nullptr;
  // slack: PackSixRows
  float* apack =
      packed_a == nullptr && a_kind == kAPacked ? ThreadBuffer(1, kc_max * mc_max + 8) : nullptr;
  for (int64_t jc = n0; jc < n1; jc += kNc) {
    const int64_t nc = std::min(kNc, n1 - jc);
    for (int64_t pc = 0; pc < k; pc += kc_max) {
      const int64_t kc = std::min(kc_max, k - pc);
      const float* bblock = bpack;
      if (b_packed) {
        bblock = b.PackedPanels(pc, jc);
      } else if (in_place == nullptr) {
        b.Pack(pc, kc, jc, nc, bpack);
      }
      const float block_beta = pc == 0 ? beta : 1.0f;
      const bool last = pc + kc == k;
      // The epilogue as the tiles are stored (column_stage, B not read in place), else after.
      const GemmColumnStage* stage = last && in_place == nullptr ? column_stage : nullptr;
      const GemmEpilogue* epi = last && stage == nullptr ? epilogue : nullptr;
      // The epilogue, where it has inputs to prefetch (asked once, not per tile).
      const GemmEpilogue* prefetch = epi != nullptr && epi->Prefetches() ? epi : nullptr;
      for (int64_t ic = m0; ic < m1; ic += mc_max) {
        const int64_t mc = std::min(mc_max, m1 - ic);
        const float* ablock = apack;
        if (packed_a != nullptr) {
          ablock = packed_a->At(pc, ic);
        } else if (a_kind == kARows) {
          ablock = a + ic * lda + pc;
        } else {
          PackA(a, lda, trans_a, ic, mc, pc, kc, apack);
        }
        // A small B block (short K) of many columns: row tiles outermost, each sweeping all
        // the block's panels (from L2), so that C is written along 6 rows at a time, streams
        // that the prefetchers follow, instead of a line in each of mc rows per panel.
        const bool rows_outer = kc * nc <= kRowsOuterFloats && nc >= kRowsOuterCols;
        if (in_place != nullptr) {
          for (int64_t ir = 0; ir < mc; ir += rows_outer ? kMr : mc) {
            const int64_t mr = rows_outer ? std::min(kMr, mc - ir) : mc;
            InPlacePanels(kc, ablock + ir * kc, ic + ir, mr, *in_place, pc, jc, jc + nc, c, alpha,
                          block_beta, epi);
          }
          continue;
        }
        if (rows_outer) {
          for (int64_t ir = 0, mr = 0; ir < mc; ir += mr) {
            mr = TileRows(a_kind, mc, ir);
            // The next row tile's epilogue inputs, a panel's worth after each tile.
            const int64_t next =
                prefetch != nullptr && ir + mr < mc ? TileRows(a_kind, mc, ir + mr) : 0;
            for (int64_t jr = 0; jr < nc; jr += kNr) {
              const int64_t nr = std::min(kNr, nc - jr);
              Tile(kc, ablock + ir * ARowStep(a_kind, kc, lda), bblock + jr * kc, nullptr, c,
                   ic + ir, mr, jc + jr, nr, alpha, block_beta, stage, a_kind, lda);
              if (next > 0) {
                PrefetchColumns(*prefetch, c, ic + ir + mr, next, jc + jr, jc + jr + nr);
              }
            }
            if (epi != nullptr) FinishColumns(*epi, c, ic + ir, mr, jc, jc + nc);
          }
          continue;
        }
        // Panels packed ahead (a frozen filter as B: the pixel-major 1x1 convolutions) come from
        // L3 or memory, read first by each panel's first tile: the next panel is asked for while
        // a panel's tiles run (PanelTiles). MobileNetV2 0.96-0.99 of the time at 1 thread,
        // 0.90-0.97 at 2 (fresh-process rounds); with B packed by this call (in L2) the same hint
        // cost ResNet-50 0.4-1.6%, so it is not given there.
        // A read by rows, too large for L2, comes from L3 or memory with the first panel's
        // tiles, which wait on it: the next block's rows are asked into L2 while this block's
        // later panels run (their A from L2 already), a share after each tile. (conv_layer_bench's
        // pixel-major GEMM, input from memory, batch 2, 1 thread: 256 -> 64 channels at 56 x 56
        // 2.55 -> 2.11 ms, 256 -> 128 4.43 -> 4.09, 144 -> 32 1.17 -> 0.77; in ResNet-50, the same
        // binary with and without, its 256 -> 64 layers 5.0 -> 4.5 ms a run, 256 -> 128 4.7 ->
        // 4.4.)
        const int64_t next_mc = std::min(mc_max, m1 - ic - mc);
        const int64_t later_tiles = (nc - 1) / kNr * ((mc + kMr - 1) / kMr);
        const bool ask_ahead =
            a_kind == kARows && rows * k >= kAheadAFloats && next_mc > 0 && later_tiles > 0;
        AheadRows ahead(ask_ahead ? a + (ic + mc) * lda + pc : nullptr, next_mc, kc, lda);
        if (ask_ahead) ahead.share = (ahead.Lines() + later_tiles - 1) / later_tiles;
        for (int64_t jr = 0; jr < nc; jr += kNr) {
          PanelTiles(kc, ablock, ic, mc, bblock + jr * kc, nullptr, jc + jr, std::min(kNr, nc - jr),
                     c, alpha, block_beta, stage, a_kind, lda,
                     b_packed && jr + kNr < nc ? bblock + (jr + kNr) * kc : nullptr,
                     ask_ahead && jr > 0 ? &ahead : nullptr);
          // The same panel of the next epilogue block, while this block's panels are made.
          if (prefetch != nullptr && jr + kEpilogueCols < nc) {
            PrefetchColumns(*prefetch, c, ic, mc, jc + jr + kEpilogueCols,
                            jc + std::min(jr + kEpilogueCols + kNr, nc));
          }
          const int64_t done = std::min(jr + kNr, nc);
          if (epi != nullptr && (done % kEpilogueCols == 0 || done == nc)) {
            FinishColumns(*epi, c, ic, mc, jc + (jr / kEpilogueCols) * kEpilogueCols, jc + done);
          }
        }
      }
    }
  }
}

// Products with at most this many rows of A read B (a plain matrix) once, straight, instead
// of packing it: with so few rows a packed panel would be used only once or twice, and B is
// typically a classifier's weights, megabytes read once per call.
constexpr int64_t kFewRows = kGemmFewRows;

// C[:, j0:j0 + width) (width a multiple of 8, at most kStreamCols) for R <= kFewRows rows of
// A, B = [k, n]: B's rows are read front to back, kP at a time, while the sums wait in L1. A
// strip of columns down all of B's rows instead reads one cache line per row: as many streams
// as rows, which the prefetcher does not follow (fc's weights came from DRAM at half its
// speed). Each sum adds its products in the order p = 0, 1, ... with FMAs.
constexpr int64_t kStreamCols = 1024;

// kP B rows per pass. Where one call covers B's whole rows, one: B is then read as one stream,
// front to back. Two or four rows at a time (fewer loads and stores of the sums) ran faster with
// B in cache but slower from memory, where a classifier's weights come from (2 x 1024 times
// 1024 x 1000 flushed: 0.19-0.21 ms with one row, 0.39 with two, 0.28 with four; in cache 0.100
// / 0.085 / 0.079). Where the pool splits the columns, each thread reads part of every row, and
// there four rows at a time (two for R > 2) read faster from memory (2 threads: 0.20 against
// 0.27-0.32 ms with one).
template <int R, int kP>
void FewRowsStream(int64_t k, const float* a, int64_t lda, bool trans_a, const float* b,
                   int64_t ldb, int64_t j0, int64_t width, float alpha, float beta,
                   const GemmCLayout& c) {
  alignas(32) float acc[R][kStreamCols];
  for (int i = 0; i < R; ++i) {
    for (int64_t j = 0; j < width; j += 8) _mm256_store_ps(acc[i] + j, _mm256_setzero_ps());
  }
  const float* cols = b + j0;
  int64_t p = 0;
  for (; p + kP <= k; p += kP) {
    __m256 w[kP][R];
#pragma GCC unroll 4
    for (int q = 0; q < kP; ++q) {
#pragma GCC unroll 4
      for (int i = 0; i < R; ++i) {
        w[q][i] = _mm256_set1_ps(trans_a ? a[(p + q) * lda + i] : a[i * lda + p + q]);
      }
    }
    const float* row = cols + p * ldb;
    for (int64_t j = 0; j < width; j += 8) {
      __m256 x[kP];
#pragma GCC unroll 4
      for (int q = 0; q < kP; ++q) x[q] = _mm256_loadu_ps(row + q * ldb + j);
#pragma GCC unroll 4
      for (int i = 0; i < R; ++i) {
        __m256 sum = _mm256_load_ps(acc[i] + j);
#pragma GCC unroll 4
        for (int q = 0; q < kP; ++q) sum = _mm256_fmadd_ps(w[q][i], x[q], sum);
        _mm256_store_ps(acc[i] + j, sum);
      }
    }
  }
  for (; p < k; ++p) {
    const float* row = cols + p * ldb;
    for (int i = 0; i < R; ++i) {
      const __m256 w = _mm256_set1_ps(trans_a ? a[p * lda + i] : a[i * lda + p]);
      for (int64_t j = 0; j < width; j += 8) {
        _mm256_store_ps(acc[i] + j,
                        _mm256_fmadd_ps(w, _mm256_loadu_ps(row + j), _mm256_load_ps(acc[i] + j)));
      }
    }
  }
  for (int64_t j = 0; j < width; ++j) {
    const int64_t jj = j0 + j;
    float* dst = c.base + (jj / c.seg_cols) * c.seg_stride + jj % c.seg_cols;
    for (int i = 0; i < R; ++i) {
      const float v = alpha * acc[i][j];
      dst[i * c.ldc] = beta == 0.0f ? v : v + beta * dst[i * c.ldc];
    }
  }
}

// The R dot products of A's rows with B's stored row j (B = [n, k], trans), for each j in
// [n0, n1): B's row is read once for all R rows, into kU sums a row (independent FMA chains:
// with one sum a row each FMA waited 4 cycles on the one before, where two a cycle can issue).
// Sum u takes the products of p in [8 (kU t + u), + 8) for whole groups of 8 kU, sum 0 the
// 8-wide steps after them; the sums are added pairwise in a fixed order, then the lanes,
// then the last products one by one: the same order whatever the thread count.
template <int R, typename At, typename Finish>
void FewRowsDots(int64_t n0, int64_t n1, int64_t k, const float* a, int64_t lda, bool trans_a,
                 const GemmMatrixB& b, const At& a_at, const Finish& finish) {
  constexpr int kU = R <= 2 ? 4 : 2;
  const float* rows[R];
  for (int i = 0; i < R; ++i) rows[i] = a + i * lda;
  const int64_t vec_end = trans_a ? 0 : k / 8 * 8;  // A's columns are strided when trans_a
  for (int64_t j = n0; j < n1; ++j) {
    const float* col = b.data() + j * b.ldb();
    __m256 acc[R][kU];
    for (int i = 0; i < R; ++i) {
      for (int u = 0; u < kU; ++u) acc[i][u] = _mm256_setzero_ps();
    }
    int64_t p = 0;
    for (; p + 8 * kU <= vec_end; p += 8 * kU) {
#pragma GCC unroll 4
      for (int u = 0; u < kU; ++u) {
        const __m256 w = _mm256_loadu_ps(col + p + 8 * u);
#pragma GCC unroll 4
        for (int i = 0; i < R; ++i) {
          acc[i][u] = _mm256_fmadd_ps(_mm256_loadu_ps(rows[i] + p + 8 * u), w, acc[i][u]);
        }
      }
    }
    for (; p + 8 <= vec_end; p += 8) {
      const __m256 w = _mm256_loadu_ps(col + p);
      for (int i = 0; i < R; ++i) {
        acc[i][0] = _mm256_fmadd_ps(_mm256_loadu_ps(rows[i] + p), w, acc[i][0]);
      }
    }
    for (int i = 0; i < R; ++i) {
      __m256 v;
      if constexpr (kU == 4) {
        v = _mm256_add_ps(_mm256_add_ps(acc[i][0], acc[i][1]), _mm256_add_ps(acc[i][2], acc[i][3]));
      } else {
        v = _mm256_add_ps(acc[i][0], acc[i][1]);
      }
      float sum = SumLanesAvx2(v);
      for (int64_t q = p; q < k; ++q) sum += a_at(i, q) * col[q];
      finish(i, j, sum);
    }
  }
}

// C[:, n0:n1] for m <= kFewRows rows of A: B = [k, n] streamed by FewRowsStream, or B = [n, k]
// (trans) as one dot product per column.
template <int R>
void FewRowsStreamFor(bool whole_rows, int64_t k, const float* a, int64_t lda, bool trans_a,
                      const float* b, int64_t ldb, int64_t j0, int64_t width, float alpha,
                      float beta, const GemmCLayout& c) {
  if (whole_rows) {
    FewRowsStream<R, 1>(k, a, lda, trans_a, b, ldb, j0, width, alpha, beta, c);
  } else {
    FewRowsStream<R, R <= 2 ? 4 : 2>(k, a, lda, trans_a, b, ldb, j0, width, alpha, beta, c);
  }
}

// whole_rows: this call covers all of B's columns (no other thread reads the rest of its rows).
void FewRowsBlock(int64_t m, int64_t n0, int64_t n1, int64_t k, float alpha, const float* a,
                  int64_t lda, bool trans_a, const GemmMatrixB& b, float beta, const GemmCLayout& c,
                  bool whole_rows) {
  auto a_at = [&](int64_t i, int64_t p) { return trans_a ? a[p * lda + i] : a[i * lda + p]; };
  auto finish = [&](int64_t i, int64_t j, float sum) {
    float* dst = c.base + (j / c.seg_cols) * c.seg_stride + j % c.seg_cols + i * c.ldc;
    *dst = beta == 0.0f ? alpha * sum : alpha * sum + beta * *dst;
  };
  if (b.trans()) {
    switch (m) {
      case 1:
        return FewRowsDots<1>(n0, n1, k, a, lda, trans_a, b, a_at, finish);
      case 2:
        return FewRowsDots<2>(n0, n1, k, a, lda, trans_a, b, a_at, finish);
      case 3:
        return FewRowsDots<3>(n0, n1, k, a, lda, trans_a, b, a_at, finish);
      default:
        return FewRowsDots<4>(n0, n1, k, a, lda, trans_a, b, a_at, finish);
    }
  }
  // Whole vectors of 8 columns, kStreamCols at a time.
  int64_t j = n0;
  const int64_t vector_end = n0 + (n1 - n0) / 8 * 8;
  whole_rows = whole_rows && vector_end - n0 <= kStreamCols;
  for (; j < vector_end; j += kStreamCols) {
    const int64_t width = std::min(kStreamCols, vector_end - j);
    switch (m) {
      case 1:
        FewRowsStreamFor<1>(whole_rows, k, a, lda, trans_a, b.data(), b.ldb(), j, width, alpha,
                            beta, c);
        break;
      case 2:
        FewRowsStreamFor<2>(whole_rows, k, a, lda, trans_a, b.data(), b.ldb(), j, width, alpha,
                            beta, c);
        break;
      case 3:
        FewRowsStreamFor<3>(whole_rows, k, a, lda, trans_a, b.data(), b.ldb(), j, width, alpha,
                            beta, c);
        break;
      default:
        FewRowsStreamFor<4>(whole_rows, k, a, lda, trans_a, b.data(), b.ldb(), j, width, alpha,
                            beta, c);
        break;
    }
  }
  j = vector_end;
  for (; j < n1; ++j) {  // the last columns, one at a time
    for (int64_t i = 0; i < m; ++i) {
      float sum = 0.0f;
      for (int64_t p = 0; p < k; ++p) sum += a_at(i, p) * b.data()[p * b.ldb() + j];
      finish(i, j, sum);
    }
  }
}

// A few-rows product whose B holds at least this many floats (256 KiB, read from memory at about
// 20 GB/s in some 12 microseconds) is split over the pool even with fewer multiply-adds than
// kParallelGemmWork: MobileNetV3's squeeze-excitation convolutions 576 <-> 144 (batch 2).
constexpr int64_t kFewRowsParallelFloats = int64_t{1} << 16;

// Whether a few-rows product with B = [k, n] stored as is runs as two halves of K, summed at the
// end (FewRowsInHalves): where the product is large enough for the pool. Decided by the shape
// alone, so that the sums are made in the same order whatever the number of threads.
bool FewRowsByHalves(int64_t m, int64_t n, int64_t k, bool trans_b) {
  return !trans_b && k >= 64 && static_cast<double>(m) * n * k >= kParallelGemmWork;
}

// C = alpha * A B + beta * C for m <= kFewRows rows, B = [k, n], as two products over K's
// halves, each into a buffer, then their sum: C = alpha * (first + second) + beta * C. On two
// threads each reads one half of B front to back, two streams the prefetchers follow; split by
// columns, each would read part of every row (two threads summing halves of a 1280 x 1000
// matrix from memory: 34-37 GB/s by rows, 14-15 GB/s by columns). Items over the pool are (half,
// slice of 64 columns), half major, so with two threads each takes one half.
void FewRowsInHalves(int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
                     bool trans_a, const GemmMatrixB& b, float beta, const GemmCLayout& c,
                     ThreadPool* pool) {
  const int64_t half = k / 2;
  const int64_t slices = (n + 63) / 64;
  std::vector<float> sums(2 * m * n);
  const auto part = [&](int64_t i0, int64_t i1) {
    for (int64_t h = i0 / slices; h * slices < i1; ++h) {
      const int64_t s0 = std::max(i0, h * slices) - h * slices;
      const int64_t s1 = std::min(i1, (h + 1) * slices) - h * slices;
      const int64_t p0 = h == 0 ? 0 : half;
      const int64_t kh = h == 0 ? half : k - half;
      GemmCLayout out;
      out.base = sums.data() + h * m * n;
      out.ldc = out.seg_cols = n;
      FewRowsBlock(m, s0 * 64, std::min(n, s1 * 64), kh, 1.0f, trans_a ? a + p0 * lda : a + p0, lda,
                   trans_a, GemmMatrixB(b.data() + p0 * b.ldb(), b.ldb(), false), 0.0f, out,
                   s0 == 0 && s1 * 64 >= n);
    }
  };
  if (pool == nullptr) {
    part(0, 2 * slices);
  } else {
    pool->ParallelFor(2 * slices, 1, part);
  }
  for (int64_t i = 0; i < m; ++i) {
    const float* first = sums.data() + i * n;
    const float* second = first + m * n;
    for (int64_t j = 0; j < n; ++j) {
      float* dst = c.base + (j / c.seg_cols) * c.seg_stride + j % c.seg_cols + i * c.ldc;
      const float v = alpha * (first[j] + second[j]);
      *dst = beta == 0.0f ? v : v + beta * *dst;
    }
  }
}

}  // namespace

GemmPackedA::GemmPackedA(int64_t m, int64_t k, const float* a, int64_t lda, bool trans_a)
    : GemmPackedPanels(k, (m + kMr - 1) / kMr * kMr, 8), m_(m) {  // slack: PackSixRows
  for (int64_t p0 = 0; p0 < k_; p0 += kc_) {
    // The last K block's spill past its panels lands in the slack; the others' in the next
    // block, packed after them.
    PackA(a, lda, trans_a, 0, m_, p0, std::min(kc_, k_ - p0), Block(p0));
  }
}

void PackedSgemm(int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
                 bool trans_a, const GemmBSource& b, float beta, const GemmCLayout& c,
                 ThreadPool* pool, const GemmEpilogue* epilogue, const GemmPackedA* packed_a) {
  if (m <= 0 || n <= 0 || k <= 0) return;  // funcs::Gemm handles k == 0 (C = beta * C)
  if (packed_a != nullptr && (packed_a->m() != m || packed_a->k() != k)) {
    throw std::logic_error("PackedSgemm: A packed ahead for another shape");
  }
  const GemmMatrixB* matrix = b.AsMatrix();
  if (m <= kFewRows && matrix != nullptr && epilogue == nullptr && c.Valid() == c.seg_cols) {
    // Split where the work pays for the pool, or where B alone is large: these products read
    // B from memory, one multiply-add per float.
    const bool serial = pool == nullptr || (static_cast<double>(m) * n * k < kParallelGemmWork &&
                                            n * k < kFewRowsParallelFloats);
    if (FewRowsByHalves(m, n, k, matrix->trans())) {
      FewRowsInHalves(m, n, k, alpha, a, lda, trans_a, *matrix, beta, c, serial ? nullptr : pool);
      return;
    }
    // Columns split over the pool in slices of 64 (B's rows are read in 256-byte pieces), or,
    // where B is transposed (each column a dot product with a row of it), of 16: 144 columns
    // went 2 : 1 over two threads in slices of 64.
    const int64_t width = matrix->trans() ? 16 : 64;
    const int64_t slices = (n + width - 1) / width;
    const auto few = [&](int64_t s0, int64_t s1) {
      FewRowsBlock(m, s0 * width, std::min(n, s1 * width), k, alpha, a, lda, trans_a, *matrix, beta,
                   c, s0 == 0 && s1 * width >= n);
    };
    if (serial) {
      few(0, slices);
    } else {
      pool->ParallelFor(slices, 1, few);
    }
    return;
  }
  // The epilogue's column stage, applied in the tiles, where C is one segment stored whole.
  const GemmColumnStage* stage = epilogue != nullptr && n <= c.seg_cols && c.Valid() == c.seg_cols
                                     ? epilogue->ColumnStage()
                                     : nullptr;
  auto run = [&](int64_t m0, int64_t m1, int64_t n0, int64_t n1) {
    Block(m0, m1, n0, n1, k, alpha, a, lda, trans_a, b, beta, c, epilogue, packed_a, stage);
  };
  const int threads = pool == nullptr ? 1 : pool->num_threads();
  if (threads == 1 || static_cast<double>(m) * n * k < kParallelGemmWork) {
    run(0, m, 0, n);
    return;
  }
  // Each thread takes whole register tiles of C: a slice of its columns, or of its rows when
  // C has fewer column tiles than threads times four, or when B is packed ahead (nothing to
  // pack, so a thread's rows share no work with the others') and A has more rows than B has
  // columns: each thread then reads only its own rows of A, the larger operand, rather than
  // all of it (and the next pixel-major layer finds its rows where this thread left them).
  // ResNet-50 at 2 threads, the two rules alternated run by run in one process (150 runs
  // each, twice): median 72.1 -> 71.4 ms and 82.7 -> 78.3; MobileNetV2 and V3 the same.
  const int64_t col_tiles = (n + kNr - 1) / kNr;
  const int64_t row_tiles = (m + kMr - 1) / kMr;
  const bool b_ahead = b.PackedPanels(0, 0) != nullptr;
  const bool by_rows = m > n && (col_tiles < 4 * threads || (b_ahead && row_tiles >= 4 * threads));
  SplitGemmOverPool(pool, m, n, by_rows, kMr, kNr, run);
}

#else  // no AVX2 + FMA: PackedSgemmUsable() is false and nothing calls this

void PackedSgemm(int64_t, int64_t, int64_t, float, const float*, int64_t, bool, const GemmBSource&,
                 float, const GemmCLayout&, ThreadPool*, const GemmEpilogue*, const GemmPackedA*) {
  throw std::logic_error("PackedSgemm called in a build without AVX2 + FMA");
}

GemmPackedA::GemmPackedA(int64_t, int64_t, const float*, int64_t, bool)
    : GemmPackedPanels(0, 0, 0), m_(0) {
  throw std::logic_error("GemmPackedA made in a build without AVX2 + FMA");
}

#endif

}  // namespace internal
}  // namespace funcs
}  // namespace phi
