#include "paddle/phi/kernels/funcs/winograd_conv.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <utility>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/thread_pool.h"
#include "paddle/phi/kernels/funcs/avx2_lanes.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
namespace funcs {

bool WinogradApplies(const ConvPlane& p, int64_t in_channels, int64_t out_channels,
                     int64_t groups) {
  return internal::PackedSgemmUsable() && groups == 1 && p.kernel_h == 3 && p.kernel_w == 3 &&
         p.stride_h == 1 && p.stride_w == 1 && p.dilation_h == 1 && p.dilation_w == 1 &&
         in_channels >= 16 && out_channels >= 16 && p.out_h >= 4 && p.out_w >= 4;
}

std::vector<internal::GemmPackedA> WinogradFilter(const float* filter, int64_t out_channels,
                                                  int64_t in_channels) {
  const int64_t pairs = out_channels * in_channels;
  std::vector<float> u(16 * pairs);
  for (int64_t q = 0; q < pairs; ++q) {
    const float* g = filter + q * 9;
    // G g (4 x 3), then (G g) G^T (4 x 4), in double, rounded once.
    double gg[4][3];
    for (int c = 0; c < 3; ++c) {
      const double g0 = g[c], g1 = g[3 + c], g2 = g[6 + c];
      gg[0][c] = g0;
      gg[1][c] = 0.5 * (g0 + g1 + g2);
      gg[2][c] = 0.5 * (g0 - g1 + g2);
      gg[3][c] = g2;
    }
    for (int i = 0; i < 4; ++i) {
      const double r0 = gg[i][0], r1 = gg[i][1], r2 = gg[i][2];
      const double row[4] = {r0, 0.5 * (r0 + r1 + r2), 0.5 * (r0 - r1 + r2), r2};
      for (int j = 0; j < 4; ++j) u[(4 * i + j) * pairs + q] = static_cast<float>(row[j]);
    }
  }
  std::vector<internal::GemmPackedA> packed;
  packed.reserve(16);
  for (int xi = 0; xi < 16; ++xi) {
    packed.emplace_back(out_channels, in_channels, u.data() + xi * pairs, in_channels, false);
  }
  return packed;
}

#ifdef __AVX2__  // built with -mavx2 on x86-64 (CMakeLists.txt); elsewhere a stub
namespace {

// InputTransformRow's line beyond 10 floats a tile: the padded row's 2 + 16 and each of the 8
// even / odd arrays' 9 (the column past the last tile, and the last vector's overrun).
constexpr int64_t kLineSlack = 2 + 16 + 8 * 9;

// The transforms run only where the packed GEMM does (AVX2 + FMA: WinogradApplies), 8 tiles
// at a time; their coefficients are 0 and +-1 (adds and subtracts only).

// 8 floats (tiles k .. k + 7).
__attribute__((target("avx2"), always_inline)) inline void LoadV(const float* s, __m256* v) {
  *v = _mm256_loadu_ps(s);
}
__attribute__((target("avx2"), always_inline)) inline void StoreV(float* d, __m256 v) {
  _mm256_storeu_ps(d, v);
}

// The input transform of tiles k .. k + 7 (V a vector of 8 floats): the patch's row
// i is (even[i][k], odd[i][k], even[i][k + 1], odd[i][k + 1]); B^T d over its rows, then
// (.) B over its columns, into V[xi] at dst[xi * xi_stride + k].
template <typename V>
__attribute__((target("avx2"), always_inline)) inline void InputTiles(float* const* even,
                                                                      float* const* odd,
                                                                      int64_t k, float* dst,
                                                                      int64_t xi_stride) {
  V t[4][4];  // t[a][c]: row a of B^T d, column c of the patch
#pragma GCC unroll 4
  for (int c = 0; c < 4; ++c) {
    float* const* src = c % 2 == 0 ? even : odd;
    const int64_t at = k + c / 2;
    V d0, d1, d2, d3;
    LoadV(src[0] + at, &d0);
    LoadV(src[1] + at, &d1);
    LoadV(src[2] + at, &d2);
    LoadV(src[3] + at, &d3);
    t[0][c] = d0 - d2;
    t[1][c] = d1 + d2;
    t[2][c] = d2 - d1;
    t[3][c] = d1 - d3;
  }
#pragma GCC unroll 4
  for (int a = 0; a < 4; ++a) {
    StoreV(dst + (4 * a + 0) * xi_stride + k, t[a][0] - t[a][2]);
    StoreV(dst + (4 * a + 1) * xi_stride + k, t[a][1] + t[a][2]);
    StoreV(dst + (4 * a + 2) * xi_stride + k, t[a][2] - t[a][1]);
    StoreV(dst + (4 * a + 3) * xi_stride + k, t[a][1] - t[a][3]);
  }
}

// The output transform of tiles k .. k + 7 from M[xi] at src[xi * xi_stride + k]:
// y = (row 0's outputs 2k, 2k + 1, row 1's outputs 2k, 2k + 1) of A^T M A.
template <typename V>
__attribute__((target("avx2"), always_inline)) inline void OutputTiles(const float* src,
                                                                       int64_t xi_stride,
                                                                       int64_t k, V* y) {
  V s0[4], s1[4];  // A^T M: rows 0 and 1
#pragma GCC unroll 4
  for (int j = 0; j < 4; ++j) {
    V m0, m1, m2, m3;
    LoadV(src + j * xi_stride + k, &m0);
    LoadV(src + (4 + j) * xi_stride + k, &m1);
    LoadV(src + (8 + j) * xi_stride + k, &m2);
    LoadV(src + (12 + j) * xi_stride + k, &m3);
    s0[j] = m0 + m1 + m2;
    s1[j] = m1 - m2 - m3;
  }
  y[0] = s0[0] + s0[1] + s0[2];
  y[1] = s0[1] - s0[2] - s0[3];
  y[2] = s1[0] + s1[1] + s1[2];
  y[3] = s1[1] - s1[2] - s1[3];
}

// The even and odd columns of the 4 input rows of a tile row's patches (zeros outside the
// plane), kept between consecutive tile rows of one plane, which share 2 of their 4 rows.
struct PatchRows {
  float* even[4];
  float* odd[4];
  const float* plane = nullptr;
  int64_t tr = -1;
};

// Tile row tr (outputs rows 2 tr, 2 tr + 1) of one channel plane: the 16 transformed values
// V = B^T d B of each of its tw tiles, V[xi][k] at dst[xi * xi_stride + k]. `line` holds
// kLineSlack + 10 * tw floats, and `rows` (reset for a new line) what the previous call left
// there: after tile row tr - 1 of the same plane only the 2 new rows are prepared. Whole
// vectors only: the last may pass tw, writing up to 7 values past the row's tiles (into the
// next tile row's, written after it, or the slack of V's rows).
__attribute__((target("avx2"))) void InputTransformRow(const float* plane, const ConvPlane& p,
                                                       int64_t tr, int64_t tw, float* line,
                                                       PatchRows* rows, float* dst,
                                                       int64_t xi_stride) {
  const int64_t width = 2 * tw + 2;  // the columns the tiles' patches span
  float* padded = line;              // width + 16
  float** even = rows->even;
  float** odd = rows->odd;
  int first = 0;  // the first row to prepare
  if (rows->plane == plane && rows->tr == tr - 1) {
    std::swap(even[0], even[2]);
    std::swap(even[1], even[3]);
    std::swap(odd[0], odd[2]);
    std::swap(odd[1], odd[3]);
    first = 2;
  } else if (rows->plane == nullptr) {
    for (int i = 0; i < 4; ++i) {
      even[i] = line + width + 16 + 2 * i * (tw + 9);
      odd[i] = even[i] + (tw + 9);
    }
  }
  rows->plane = plane;
  rows->tr = tr;
  const int64_t x0 = std::clamp<int64_t>(p.pad_left, 0, width);
  const int64_t x1 = std::clamp<int64_t>(p.pad_left + p.in_w, x0, width);
  for (int i = first; i < 4; ++i) {
    const int64_t y = 2 * tr + i - p.pad_top;
    if (y < 0 || y >= p.in_h || x0 == x1) {
      std::fill(even[i], even[i] + tw + 9, 0.0f);
      std::fill(odd[i], odd[i] + tw + 9, 0.0f);
      continue;
    }
    // padded[x] is column x - pad_left of the row, or 0 outside it.
    std::fill(padded, padded + x0, 0.0f);
    std::memcpy(padded + x0, plane + y * p.in_w + (x0 - p.pad_left), (x1 - x0) * sizeof(float));
    std::fill(padded + x1, padded + width + 16, 0.0f);
    // (reads padded[2 tw + 2] at most: within width + 16)
    CopyEveryOtherAvx2(padded, tw + 1, even[i]);
    CopyEveryOtherAvx2(padded + 1, tw + 1, odd[i]);
    std::fill(even[i] + tw + 1, even[i] + tw + 9, 0.0f);  // what the last vector reads past
    std::fill(odd[i] + tw + 1, odd[i] + tw + 9, 0.0f);
  }
  int64_t k = 0;
  for (; k < tw; k += 8) InputTiles<__m256>(even, odd, k, dst, xi_stride);
}

// Tile row tr of one output plane from the 16 GEMM results M[xi][k] at src[xi * xi_stride + k]:
// Y = A^T M A, the 2 x 2 outputs of each tile (those inside the plane). `line` holds
// 4 * tw + 32 floats. Whole vectors only: the last may read up to 7 values past the row's tiles
// (the next tile row's, or the slack of M's rows), whose outputs it drops.
__attribute__((target("avx2"))) void OutputTransformRow(const float* src, int64_t xi_stride,
                                                        const ConvPlane& p, int64_t tr,
                                                        int64_t tw, float* line, float* plane) {
  float* row0 = line;
  float* row1 = line + 2 * tw + 16;
  int64_t k = 0;
  for (; k < tw; k += 8) {
    __m256 y[4];
    OutputTiles(src, xi_stride, k, y);
    // Interleave outputs 2k, 2k + 1 of each row: unpack within 128-bit halves, then order them.
    for (int r = 0; r < 2; ++r) {
      const __m256 lo = _mm256_unpacklo_ps(y[2 * r], y[2 * r + 1]);
      const __m256 hi = _mm256_unpackhi_ps(y[2 * r], y[2 * r + 1]);
      float* row = r == 0 ? row0 : row1;
      _mm256_storeu_ps(row + 2 * k, _mm256_permute2f128_ps(lo, hi, 0x20));
      _mm256_storeu_ps(row + 2 * k + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
    }
  }
  const int64_t r = 2 * tr;
  std::memcpy(plane + r * p.out_w, row0, p.out_w * sizeof(float));
  if (r + 1 < p.out_h) std::memcpy(plane + (r + 1) * p.out_w, row1, p.out_w * sizeof(float));
}

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

}  // namespace

void WinogradConvForward(const float* input, int64_t batch, int64_t in_channels,
                         int64_t out_channels, const ConvPlane& p,
                         const std::vector<internal::GemmPackedA>& u, float* out,
                         const internal::GemmEpilogue* epilogue) {
  const int64_t tw = (p.out_w + 1) / 2, th = (p.out_h + 1) / 2;
  const int64_t in_plane = p.in_h * p.in_w, out_plane = p.out_h * p.out_w;
  const int64_t tile_rows = batch * th;  // over all images
  // Blocks of whole tile rows, about 256 tiles: the block's transformed inputs and GEMM results
  // stay in cache between the transforms and the GEMMs. (64 -> 64 channels at 56 x 56 took
  // 3.3 ms with 256-tile blocks and 4.4-4.5 ms with 512 or 1024; 128 -> 128 at 28 x 28 3.0 ms
  // with 256 and 3.5-3.7 with 128 or 512.)
  const int64_t target = 256;
  const std::shared_ptr<ThreadPool> pool = CurrentCPUThreadPool();
  const int64_t threads = pool->num_threads();
  int64_t blocks = (tile_rows + std::max<int64_t>(1, target / tw) - 1) /
                   std::max<int64_t>(1, target / tw);
  // As many blocks on each thread (each then runs whole blocks), where there are enough.
  if (threads > 1 && blocks >= threads) blocks = (blocks + threads - 1) / threads * threads;
  const int64_t rows_per_block = (tile_rows + blocks - 1) / blocks;
  blocks = (tile_rows + rows_per_block - 1) / rows_per_block;
  const int64_t line_floats = kLineSlack + 10 * tw;

  // Block b on this thread, its GEMMs shared out over gemm_pool (may be null) and its
  // transforms split over the pool when split_transforms.
  auto run_block = [&](int64_t b, ThreadPool* gemm_pool, bool split_transforms) {
    const int64_t g0 = b * rows_per_block, g1 = std::min(tile_rows, g0 + rows_per_block);
    const int64_t nt = (g1 - g0) * tw;
    // Rows of V and M (a channel's tiles) with at least 8 floats of slack (the transforms' last
    // vectors pass the block's tiles), whole cache lines from a line's start: the GEMMs read V's
    // rows where they are, as their B, 16 tiles (one line) a row per panel. The 16 matrices
    // of V (and of M) one line more than whole rows apart, so that the transforms' 16 stores of
    // a tile fall in different cache sets (with channels a power of two, V[xi] a multiple of
    // 4 KiB apart, they shared one). ResNet-18, 1 thread: 0.974 of the time with the padding
    // alone, 0.919 with the GEMMs reading V in place too (0.926 at 2 threads; ResNet-50 0.981 /
    // 0.987); reading V in place with rows not line-aligned (nt + 8 floats) was 8.7% slower.
    const int64_t ld = (nt + 8 + 15) / 16 * 16;
    const int64_t v_stride = in_channels * ld + 16, m_stride = out_channels * ld + 16;
    float* v = AlignedToLine(Buffer(0, 16 * v_stride + 16));
    float* m = Buffer(1, 16 * m_stride);
    std::vector<int64_t> v_rows(in_channels);  // V[xi]'s rows, as the GEMMs' B
    for (int64_t c = 0; c < in_channels; ++c) v_rows[c] = c * ld;
    auto inputs = [&](int64_t c0, int64_t c1) {
      float* line = Buffer(2, line_floats);
      PatchRows rows;  // for this line
      for (int64_t c = c0; c < c1; ++c) {
        for (int64_t g = g0; g < g1; ++g) {
          const float* plane = input + ((g / th) * in_channels + c) * in_plane;
          InputTransformRow(plane, p, g % th, tw, line, &rows, v + c * ld + (g - g0) * tw,
                            v_stride);
        }
      }
    };
    if (split_transforms) {
      ParallelRange(in_channels, 20 * nt, inputs);
    } else {
      inputs(0, in_channels);
    }
    // The 16 GEMMs are independent: on a pool they are shared out whole (one hand-off, each
    // packing its B once), not each split over the threads (16 hand-offs, B packed by every
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
      gemm_pool->ParallelFor(16, 1, gemms);
    } else {
      gemms(0, 16);
    }
    auto outputs = [&](int64_t o0, int64_t o1) {
      float* line = Buffer(2, std::max(line_floats, 4 * tw + 32));
      for (int64_t o = o0; o < o1; ++o) {
        for (int64_t g = g0; g < g1; ++g) {
          float* plane = out + ((g / th) * out_channels + o) * out_plane;
          OutputTransformRow(m + o * ld + (g - g0) * tw, m_stride, p, g % th, tw, line, plane);
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
  if (epilogue != nullptr) {
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
