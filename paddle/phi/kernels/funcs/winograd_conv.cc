#include "paddle/phi/kernels/funcs/winograd_conv.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/thread_pool.h"
#include "paddle/phi/kernels/funcs/avx2_lanes.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
namespace funcs {

int WinogradTile(const ConvPlane& p, int64_t in_channels, int64_t out_channels, int64_t groups,
                 int64_t batch) {
  if (!(internal::PackedSgemmUsable() && groups == 1 && p.kernel_h == 3 && p.kernel_w == 3 &&
        p.stride_h == 1 && p.stride_w == 1 && p.dilation_h == 1 && p.dilation_w == 1 &&
        in_channels >= 16 && out_channels >= 16 && p.out_h >= 4 && p.out_w >= 4)) {
    return 0;
  }
  // F(4x4) where it takes at most 3/4 of F(2x2)'s products (tiles past the plane's edge count:
  // 14 x 14 0.73, 10 x 10 0.81) and its GEMMs have at least one whole panel of 16 tiles (its
  // filter is 2.25x F(2x2)'s, read once per GEMM: ResNet's 512-channel 7 x 7 layers, 8 tiles at
  // batch 2, took 2.58 ms against 2.32).
  const int64_t tiles4 = ((p.out_h + 3) / 4) * ((p.out_w + 3) / 4);
  const int64_t tiles2 = ((p.out_h + 1) / 2) * ((p.out_w + 1) / 2);
  return 36 * tiles4 * 4 <= 16 * tiles2 * 3 && batch * tiles4 >= 16 ? 4 : 2;
}

bool WinogradApplies(const ConvPlane& p, int64_t in_channels, int64_t out_channels,
                     int64_t groups) {
  return WinogradTile(p, in_channels, out_channels, groups, 1) != 0;
}

int WinogradTileOf(const std::vector<internal::GemmPackedA>& u) {
  if (u.size() == 16) return 2;
  if (u.size() == 36) return 4;
  throw std::invalid_argument("a Winograd filter holds 16 or 36 matrices, not " +
                              std::to_string(u.size()));
}

std::vector<internal::GemmPackedA> WinogradFilter(const float* filter, int64_t out_channels,
                                                  int64_t in_channels, int tile) {
  if (tile != 2 && tile != 4) {
    throw std::invalid_argument("Winograd tiles are 2 x 2 or 4 x 4, not " + std::to_string(tile));
  }
  // G (alpha x 3): F(2, 3)'s rows (1, 0, 0), (1, 1, 1) / 2, (1, -1, 1) / 2, (0, 0, 1); F(4, 3)'s
  // (1/4, 0, 0), -(1, 1, 1) / 6, -(1, -1, 1) / 6, (1/24, 1/12, 1/6), (1/24, -1/12, 1/6),
  // (0, 0, 1) (interpolation at 0, +-1, +-2 and infinity).
  static const double kG2[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};
  static const double kG4[6][3] = {{0.25, 0, 0},
                                   {-1.0 / 6, -1.0 / 6, -1.0 / 6},
                                   {-1.0 / 6, 1.0 / 6, -1.0 / 6},
                                   {1.0 / 24, 1.0 / 12, 1.0 / 6},
                                   {1.0 / 24, -1.0 / 12, 1.0 / 6},
                                   {0, 0, 1}};
  const int alpha = tile + 2;
  const double(*gm)[3] = tile == 2 ? kG2 : kG4;
  const int64_t pairs = out_channels * in_channels;
  std::vector<float> u(alpha * alpha * pairs);
  for (int64_t q = 0; q < pairs; ++q) {
    const float* g = filter + q * 9;
    // G g (alpha x 3), then (G g) G^T (alpha x alpha), in double, rounded once.
    double gg[6][3];
    for (int i = 0; i < alpha; ++i) {
      for (int c = 0; c < 3; ++c) {
        gg[i][c] = gm[i][0] * g[c] + gm[i][1] * g[3 + c] + gm[i][2] * g[6 + c];
      }
    }
    for (int i = 0; i < alpha; ++i) {
      for (int j = 0; j < alpha; ++j) {
        const double v = gg[i][0] * gm[j][0] + gg[i][1] * gm[j][1] + gg[i][2] * gm[j][2];
        u[(alpha * i + j) * pairs + q] = static_cast<float>(v);
      }
    }
  }
  std::vector<internal::GemmPackedA> packed;
  packed.reserve(alpha * alpha);
  for (int xi = 0; xi < alpha * alpha; ++xi) {
    packed.emplace_back(out_channels, in_channels, u.data() + xi * pairs, in_channels, false);
  }
  return packed;
}

#ifdef __AVX2__  // built with -mavx2 on x86-64 (CMakeLists.txt); elsewhere a stub
namespace {

// The transforms run only where the packed GEMM does (AVX2 + FMA: WinogradApplies), 8 tiles
// at a time (V a vector of 8 floats, one per tile).
using V = __m256;

__attribute__((target("avx2,fma"), always_inline)) inline V Load(const float* s) {
  return _mm256_loadu_ps(s);
}
__attribute__((target("avx2,fma"), always_inline)) inline V Times(float a, V v) {
  return _mm256_set1_ps(a) * v;
}
// a * x + y
__attribute__((target("avx2,fma"), always_inline)) inline V MulAdd(float a, V x, V y) {
  return _mm256_fmadd_ps(_mm256_set1_ps(a), x, y);
}

// The 1-D transforms of F(m, 3) (kM = m outputs from kM + 2 inputs): B^T d (In) and A^T m
// (Out). Their 2-D forms apply them over a tile's rows, then over its columns.
template <int kM>
struct Transform1d;

template <>
struct Transform1d<2> {
  // B^T = (1, 0, -1, 0; 0, 1, 1, 0; 0, -1, 1, 0; 0, 1, 0, -1): adds and subtracts only.
  __attribute__((target("avx2,fma"), always_inline)) static void In(const V* d, V* t) {
    t[0] = d[0] - d[2];
    t[1] = d[1] + d[2];
    t[2] = d[2] - d[1];
    t[3] = d[1] - d[3];
  }
  // A^T = (1, 1, 1, 0; 0, 1, -1, -1).
  __attribute__((target("avx2,fma"), always_inline)) static void Out(const V* m, V* y) {
    y[0] = m[0] + m[1] + m[2];
    y[1] = m[1] - m[2] - m[3];
  }
};

template <>
struct Transform1d<4> {
  // B^T = (4, 0, -5, 0, 1, 0; 0, -4, -4, 1, 1, 0; 0, 4, -4, -1, 1, 0; 0, -2, -1, 2, 1, 0;
  // 0, 2, -1, -2, 1, 0; 0, 4, 0, -5, 0, 1), in shared sums.
  __attribute__((target("avx2,fma"), always_inline)) static void In(const V* d, V* t) {
    const V a = MulAdd(-4.0f, d[2], d[4]), b = MulAdd(-4.0f, d[1], d[3]);
    const V c = d[4] - d[2], e = Times(2.0f, d[3] - d[1]);
    t[0] = MulAdd(4.0f, d[0], MulAdd(-5.0f, d[2], d[4]));
    t[1] = a + b;
    t[2] = a - b;
    t[3] = c + e;
    t[4] = c - e;
    t[5] = MulAdd(4.0f, d[1], MulAdd(-5.0f, d[3], d[5]));
  }
  // A^T = (1, 1, 1, 1, 1, 0; 0, 1, -1, 2, -2, 0; 0, 1, 1, 4, 4, 0; 0, 1, -1, 8, -8, 1).
  __attribute__((target("avx2,fma"), always_inline)) static void Out(const V* m, V* y) {
    const V s = m[1] + m[2], d = m[1] - m[2], s2 = m[3] + m[4], d2 = m[3] - m[4];
    y[0] = m[0] + s + s2;
    y[1] = MulAdd(2.0f, d2, d);
    y[2] = MulAdd(4.0f, s2, s);
    y[3] = MulAdd(8.0f, d2, d) + m[5];
  }
};

// o[r][t] = src[kM * t + r] for r < kM, t < len (the kM phases of a row: patch column c of
// tile t is o[c % kM][t + c / kM]), reading no further than src[kM * len - 1].
template <int kM>
__attribute__((target("avx2,fma"))) void SplitPhases(const float* src, int64_t len,
                                                     float* const* o);

template <>
__attribute__((target("avx2,fma"))) void SplitPhases<2>(const float* src, int64_t len,
                                                        float* const* o) {
  CopyEveryOtherAvx2(src, len, o[0]);
  CopyEveryOtherAvx2(src + 1, len, o[1]);
}

template <>
__attribute__((target("avx2,fma"))) void SplitPhases<4>(const float* src, int64_t len,
                                                        float* const* o) {
  int64_t t = 0;
  // 8 tiles' 4 phases: a 4 x 4 transposition within each 128-bit half (tiles 0, 2, 4, 6 in the
  // low halves, 1, 3, 5, 7 in the high ones), then the lanes put in tile order.
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  for (; t + 8 <= len; t += 8) {
    const V a0 = Load(src + 4 * t), a1 = Load(src + 4 * t + 8);
    const V a2 = Load(src + 4 * t + 16), a3 = Load(src + 4 * t + 24);
    const V t0 = _mm256_unpacklo_ps(a0, a1), t1 = _mm256_unpackhi_ps(a0, a1);
    const V t2 = _mm256_unpacklo_ps(a2, a3), t3 = _mm256_unpackhi_ps(a2, a3);
    _mm256_storeu_ps(o[0] + t, _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t0, t2, 0x44), order));
    _mm256_storeu_ps(o[1] + t, _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t0, t2, 0xEE), order));
    _mm256_storeu_ps(o[2] + t, _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t1, t3, 0x44), order));
    _mm256_storeu_ps(o[3] + t, _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t1, t3, 0xEE), order));
  }
  for (; t < len; ++t) {
    for (int r = 0; r < 4; ++r) o[r][t] = src[4 * t + r];
  }
}

// y[c] (c < kM, tiles k .. k + 7 of one output row) interleaved into row[kM * k ..
// kM * k + 8 kM - 1]: outputs c of tile t at kM * t + c.
template <int kM>
__attribute__((target("avx2,fma"))) void StoreInterleaved(const V* y, float* row);

template <>
__attribute__((target("avx2,fma"), always_inline)) inline void StoreInterleaved<2>(const V* y,
                                                                                   float* row) {
  // Unpack within 128-bit halves, then put the halves in order.
  const V lo = _mm256_unpacklo_ps(y[0], y[1]), hi = _mm256_unpackhi_ps(y[0], y[1]);
  _mm256_storeu_ps(row, _mm256_permute2f128_ps(lo, hi, 0x20));
  _mm256_storeu_ps(row + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
}

template <>
__attribute__((target("avx2,fma"), always_inline)) inline void StoreInterleaved<4>(const V* y,
                                                                                   float* row) {
  // SplitPhases<4> undone: u0 = (t0c0 t0c1 t1c0 t1c1 | t4c0 t4c1 t5c0 t5c1) and so on, then
  // w0 = (tile 0 | tile 4), w1 = (1 | 5), w2 = (2 | 6), w3 = (3 | 7), then the halves paired.
  const V u0 = _mm256_unpacklo_ps(y[0], y[1]), u1 = _mm256_unpackhi_ps(y[0], y[1]);
  const V u2 = _mm256_unpacklo_ps(y[2], y[3]), u3 = _mm256_unpackhi_ps(y[2], y[3]);
  const V w0 = _mm256_shuffle_ps(u0, u2, 0x44), w1 = _mm256_shuffle_ps(u0, u2, 0xEE);
  const V w2 = _mm256_shuffle_ps(u1, u3, 0x44), w3 = _mm256_shuffle_ps(u1, u3, 0xEE);
  _mm256_storeu_ps(row, _mm256_permute2f128_ps(w0, w1, 0x20));
  _mm256_storeu_ps(row + 8, _mm256_permute2f128_ps(w2, w3, 0x20));
  _mm256_storeu_ps(row + 16, _mm256_permute2f128_ps(w0, w1, 0x31));
  _mm256_storeu_ps(row + 24, _mm256_permute2f128_ps(w2, w3, 0x31));
}

// F(kM x kM, 3 x 3): tiles of kM x kM outputs from (kM + 2) x (kM + 2) input patches.
template <int kM>
struct Winograd {
  static constexpr int kAlpha = kM + 2;
  static constexpr int kXi = kAlpha * kAlpha;  // entries of a transformed tile: GEMMs

  // The phases of the kAlpha input rows of a tile row's patches (zeros outside the plane),
  // kept between consecutive tile rows of one plane, which share 2 of their rows.
  struct PatchRows {
    struct Row {
      float* at[kM];  // phase r of the row
    };
    Row phase[kAlpha];
    const float* plane = nullptr;
    int64_t tr = -1;
  };

  // A row's phases: tw + 1 values and 8 of slack (the last vector's overrun) each.
  static int64_t PhaseFloats(int64_t tw) { return tw + 9; }
  // InputTransformRow's line: the padded row (kM tw + 2 columns and 16 of slack), then the
  // kAlpha x kM phases.
  static int64_t LineFloats(int64_t tw) { return kM * tw + 18 + kAlpha * kM * PhaseFloats(tw); }
  // OutputTransformRow's: kM output rows of kM (tw + 8) floats.
  static int64_t OutLineFloats(int64_t tw) { return kM * kM * (tw + 8); }

  // The input transform of tiles k .. k + 7 into V[xi] at dst[xi * xi_stride + k]: B^T d over
  // the patch's columns, then (.) B over its rows.
  __attribute__((target("avx2,fma"), always_inline)) static void InputTiles(const PatchRows& rows,
                                                                            int64_t k, float* dst,
                                                                            int64_t xi_stride) {
    V t[kAlpha][kAlpha];  // t[a][c]: row a of B^T d, column c of the patch
#pragma GCC unroll 6
    for (int c = 0; c < kAlpha; ++c) {
      V d[kAlpha], col[kAlpha];
#pragma GCC unroll 6
      for (int i = 0; i < kAlpha; ++i) d[i] = Load(rows.phase[i].at[c % kM] + k + c / kM);
      Transform1d<kM>::In(d, col);
#pragma GCC unroll 6
      for (int a = 0; a < kAlpha; ++a) t[a][c] = col[a];
    }
#pragma GCC unroll 6
    for (int a = 0; a < kAlpha; ++a) {
      V r[kAlpha];
      Transform1d<kM>::In(t[a], r);
#pragma GCC unroll 6
      for (int j = 0; j < kAlpha; ++j)
        _mm256_storeu_ps(dst + (kAlpha * a + j) * xi_stride + k, r[j]);
    }
  }

  // The output transform of tiles k .. k + 7 from M[xi] at src[xi * xi_stride + k]: y[r][c],
  // output (r, c) of each tile, of A^T M A.
  __attribute__((target("avx2,fma"), always_inline)) static void OutputTiles(const float* src,
                                                                             int64_t xi_stride,
                                                                             int64_t k,
                                                                             V (*y)[kM]) {
    V s[kM][kAlpha];  // rows of A^T M
#pragma GCC unroll 6
    for (int j = 0; j < kAlpha; ++j) {
      V m[kAlpha], o[kM];
#pragma GCC unroll 6
      for (int i = 0; i < kAlpha; ++i) m[i] = Load(src + (kAlpha * i + j) * xi_stride + k);
      Transform1d<kM>::Out(m, o);
#pragma GCC unroll 4
      for (int r = 0; r < kM; ++r) s[r][j] = o[r];
    }
#pragma GCC unroll 4
    for (int r = 0; r < kM; ++r) Transform1d<kM>::Out(s[r], y[r]);
  }

  // Tile row tr (output rows kM tr .. kM tr + kM - 1) of one channel plane: the kXi transformed
  // values V = B^T d B of each of its tw tiles, V[xi][k] at dst[xi * xi_stride + k]. `line`
  // holds LineFloats(tw), and `rows` (reset for a new line) what the previous call left there:
  // after tile row tr - 1 of the same plane only kM new rows are prepared. Whole vectors only:
  // the last may pass tw, writing up to 7 values past the row's tiles (into the next tile
  // row's, written after it, or the slack of V's rows).
  __attribute__((target("avx2,fma"))) static void InputTransformRow(const float* plane,
                                                                    const ConvPlane& p, int64_t tr,
                                                                    int64_t tw, float* line,
                                                                    PatchRows* rows, float* dst,
                                                                    int64_t xi_stride) {
    const int64_t width = kM * tw + 2;  // the columns the tiles' patches span
    float* padded = line;               // width + 16
    const int64_t phase_floats = PhaseFloats(tw);
    int first = 0;  // the first row to prepare
    if (rows->plane == plane && rows->tr == tr - 1) {
      // Rows kM, kM + 1 of the previous tile row are rows 0, 1 of this one.
      std::rotate(rows->phase, rows->phase + kM, rows->phase + kAlpha);
      first = 2;
    } else if (rows->plane == nullptr) {
      for (int i = 0; i < kAlpha; ++i) {
        for (int r = 0; r < kM; ++r) {
          rows->phase[i].at[r] = line + width + 16 + (kM * i + r) * phase_floats;
        }
      }
    }
    rows->plane = plane;
    rows->tr = tr;
    const int64_t x0 = std::clamp<int64_t>(p.pad_left, 0, width);
    const int64_t x1 = std::clamp<int64_t>(p.pad_left + p.in_w, x0, width);
    for (int i = first; i < kAlpha; ++i) {
      const int64_t y = kM * tr + i - p.pad_top;
      if (y < 0 || y >= p.in_h || x0 == x1) {
        for (int r = 0; r < kM; ++r) {
          std::fill(rows->phase[i].at[r], rows->phase[i].at[r] + phase_floats, 0.0f);
        }
        continue;
      }
      // padded[x] is column x - pad_left of the row, or 0 outside it.
      std::fill(padded, padded + x0, 0.0f);
      std::memcpy(padded + x0, plane + y * p.in_w + (x0 - p.pad_left), (x1 - x0) * sizeof(float));
      std::fill(padded + x1, padded + width + 16, 0.0f);
      // (reads padded[kM tw + kM - 1] at most: within width + 16)
      SplitPhases<kM>(padded, tw + 1, rows->phase[i].at);
      for (int r = 0; r < kM; ++r) {  // what the last vector reads past
        std::fill(rows->phase[i].at[r] + tw + 1, rows->phase[i].at[r] + phase_floats, 0.0f);
      }
    }
    for (int64_t k = 0; k < tw; k += 8) InputTiles(*rows, k, dst, xi_stride);
  }

  // Tile row tr of one output plane from the kXi GEMM results M[xi][k] at src[xi * xi_stride +
  // k]: Y = A^T M A, the kM x kM outputs of each tile (those inside the plane). `line` holds
  // OutLineFloats(tw). Whole vectors only: the last may read up to 7 values past the row's
  // tiles (the next tile row's, or the slack of M's rows), whose outputs it drops.
  __attribute__((target("avx2,fma"))) static void OutputTransformRow(const float* src,
                                                                     int64_t xi_stride,
                                                                     const ConvPlane& p, int64_t tr,
                                                                     int64_t tw, float* line,
                                                                     float* plane) {
    const int64_t row_floats = kM * (tw + 8);
    for (int64_t k = 0; k < tw; k += 8) {
      V y[kM][kM];
      OutputTiles(src, xi_stride, k, y);
#pragma GCC unroll 4
      for (int r = 0; r < kM; ++r) StoreInterleaved<kM>(y[r], line + r * row_floats + kM * k);
    }
    for (int r = 0; r < kM && kM * tr + r < p.out_h; ++r) {
      std::memcpy(plane + (kM * tr + r) * p.out_w, line + r * row_floats, p.out_w * sizeof(float));
    }
  }
};

// A buffer of this thread, kept between calls.
float* Buffer(int which, int64_t floats) {
  thread_local std::vector<float> buffers[3];
  std::vector<float>& b = buffers[which];
  if (static_cast<int64_t>(b.size()) < floats) b.resize(floats);
  return b.data();
}

// p rounded up to the next 64-byte boundary (the buffer holds 16 floats more than it needs).
float* AlignedToLine(float* p) {
  return reinterpret_cast<float*>((reinterpret_cast<uintptr_t>(p) + 63) / 64 * 64);
}

template <int kM>
void Forward(const float* input, int64_t batch, int64_t in_channels, int64_t out_channels,
             const ConvPlane& p, const std::vector<internal::GemmPackedA>& u, float* out) {
  using W = Winograd<kM>;
  constexpr int kXi = W::kXi;
  const int64_t tw = (p.out_w + kM - 1) / kM, th = (p.out_h + kM - 1) / kM;
  const int64_t in_plane = p.in_h * p.in_w, out_plane = p.out_h * p.out_w;
  const int64_t tile_rows = batch * th;  // over all images
  // Blocks of whole tile rows, about 256 tiles: the block's transformed inputs and GEMM results
  // stay in cache between the transforms and the GEMMs. (F(2x2): 64 -> 64 channels at 56 x 56
  // took 3.3 ms with 256-tile blocks and 4.4-4.5 ms with 512 or 1024; 128 -> 128 at 28 x 28 3.0
  // ms with 256 and 3.5-3.7 with 128 or 512. F(4x4), batch 2: 64 -> 64 at 56 x 56 1.84, 1.76 and
  // 1.73 ms with 128, 256 and 512 tiles, 128 -> 128 at 28 x 28 1.72 with 64 and 1.52 with 128.)
  const int64_t target = 256;
  const std::shared_ptr<ThreadPool> pool = CurrentCPUThreadPool();
  const int64_t threads = pool->num_threads();
  const int64_t rows_per_target = std::max<int64_t>(1, target / tw);
  int64_t blocks = (tile_rows + rows_per_target - 1) / rows_per_target;
  // As many blocks on each thread (each then runs whole blocks), where there are enough.
  if (threads > 1 && blocks >= threads) blocks = (blocks + threads - 1) / threads * threads;
  const int64_t rows_per_block = (tile_rows + blocks - 1) / blocks;
  blocks = (tile_rows + rows_per_block - 1) / rows_per_block;
  const int64_t line_floats = std::max(W::LineFloats(tw), W::OutLineFloats(tw));

  // Block b on this thread, its GEMMs shared out over gemm_pool (may be null) and its
  // transforms split over the pool when split_transforms.
  auto run_block = [&](int64_t b, ThreadPool* gemm_pool, bool split_transforms) {
    const int64_t g0 = b * rows_per_block, g1 = std::min(tile_rows, g0 + rows_per_block);
    const int64_t nt = (g1 - g0) * tw;
    // Rows of V and M (a channel's tiles) with at least 8 floats of slack (the transforms' last
    // vectors pass the block's tiles), whole cache lines from a line's start: the GEMMs read V's
    // rows where they are, as their B, 16 tiles (one line) a row per panel. The kXi matrices
    // of V (and of M) one line more than whole rows apart, so that the transforms' stores of
    // a tile fall in different cache sets (with channels a power of two, V[xi] a multiple of
    // 4 KiB apart, they shared one). ResNet-18, 1 thread: 0.974 of the time with the padding
    // alone, 0.919 with the GEMMs reading V in place too (0.926 at 2 threads; ResNet-50 0.981 /
    // 0.987); reading V in place with rows not line-aligned (nt + 8 floats) was 8.7% slower.
    const int64_t ld = (nt + 8 + 15) / 16 * 16;
    const int64_t v_stride = in_channels * ld + 16, m_stride = out_channels * ld + 16;
    float* v = AlignedToLine(Buffer(0, kXi * v_stride + 16));
    float* m = Buffer(1, kXi * m_stride);
    std::vector<int64_t> v_rows(in_channels);  // V[xi]'s rows, as the GEMMs' B
    for (int64_t c = 0; c < in_channels; ++c) v_rows[c] = c * ld;
    auto inputs = [&](int64_t c0, int64_t c1) {
      float* line = Buffer(2, line_floats);
      typename W::PatchRows rows;  // for this line
      for (int64_t c = c0; c < c1; ++c) {
        for (int64_t g = g0; g < g1; ++g) {
          const float* plane = input + ((g / th) * in_channels + c) * in_plane;
          W::InputTransformRow(plane, p, g % th, tw, line, &rows, v + c * ld + (g - g0) * tw,
                               v_stride);
        }
      }
    };
    if (split_transforms) {
      ParallelRange(in_channels, 20 * nt, inputs);
    } else {
      inputs(0, in_channels);
    }
    // The kXi GEMMs are independent: on a pool they are shared out whole (one hand-off, each
    // packing its B once), not each split over the threads (kXi hand-offs, B packed by every
    // thread): ResNet-50's 14 x 14 layers (one block) ran 1.49x faster on 2 threads than on 1.
    auto gemms = [&](int64_t x0, int64_t x1) {
      for (int64_t xi = x0; xi < x1; ++xi) {
        internal::GemmCLayout c;
        c.base = m + xi * m_stride;
        c.ldc = ld;
        c.seg_cols = nt;
        const internal::GemmRowsB vb(v + xi * v_stride, v_rows.data());
        internal::PackedSgemm(out_channels, nt, in_channels, 1.0f, nullptr, in_channels, false, vb,
                              0.0f, c, nullptr, nullptr, &u[xi]);
      }
    };
    if (gemm_pool != nullptr) {
      gemm_pool->ParallelFor(kXi, 1, gemms);
    } else {
      gemms(0, kXi);
    }
    auto outputs = [&](int64_t o0, int64_t o1) {
      float* line = Buffer(2, line_floats);
      for (int64_t o = o0; o < o1; ++o) {
        for (int64_t g = g0; g < g1; ++g) {
          float* plane = out + ((g / th) * out_channels + o) * out_plane;
          W::OutputTransformRow(m + o * ld + (g - g0) * tw, m_stride, p, g % th, tw, line, plane);
        }
      }
    };
    if (split_transforms) {
      ParallelRange(out_channels, 20 * nt, outputs);
    } else {
      outputs(0, out_channels);
    }
  };
  if (threads > 1 && blocks >= threads) {
    // Enough blocks to share: each thread runs whole blocks with its own buffers.
    pool->ParallelFor(blocks, 1, [&](int64_t b0, int64_t b1) {
      for (int64_t b = b0; b < b1; ++b) run_block(b, nullptr, false);
    });
  } else {
    for (int64_t b = 0; b < blocks; ++b) run_block(b, pool.get(), true);
  }
}

}  // namespace

void WinogradConvForward(const float* input, int64_t batch, int64_t in_channels,
                         int64_t out_channels, const ConvPlane& p,
                         const std::vector<internal::GemmPackedA>& u, float* out,
                         const internal::GemmEpilogue* epilogue) {
  if (WinogradTileOf(u) == 2) {
    Forward<2>(input, batch, in_channels, out_channels, p, u, out);
  } else {
    Forward<4>(input, batch, in_channels, out_channels, p, u, out);
  }
  if (epilogue != nullptr) {
    const int64_t out_plane = p.out_h * p.out_w;
    ParallelRange(batch, out_channels * out_plane, [&](int64_t n0, int64_t n1) {
      for (int64_t n = n0; n < n1; ++n) {
        epilogue->Apply(out + n * out_channels * out_plane, out_plane, out_channels, out_plane);
      }
    });
  }
}

#else  // no AVX2: WinogradApplies is false (no packed GEMM) and nothing calls this

void WinogradConvForward(const float*, int64_t, int64_t, int64_t, const ConvPlane&,
                         const std::vector<internal::GemmPackedA>&, float*,
                         const internal::GemmEpilogue*) {
  throw std::logic_error("WinogradConvForward called in a build without AVX2");
}

#endif

}  // namespace funcs
}  // namespace phi
