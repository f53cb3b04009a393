#include "paddle/phi/kernels/funcs/conv_then_depthwise.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "paddle/phi/kernels/funcs/avx2_lanes.h"
#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/packed_weights.h"

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define PHI_CONV_THEN_DEPTHWISE 1
#endif

namespace phi {
namespace funcs {

#ifdef PHI_CONV_THEN_DEPTHWISE

namespace {

// Channels are computed 8 to a vector: the first convolution's output pixel is one vector per 8
// channels (channels innermost), a broadcast input value times a vector of 8 filters, so that
// every multiply-add does 8 useful products whatever the stride (an NCHW GEMM over 27 taps
// gathers strided windows and spends more on them than on the sums). Its rows then feed the
// depthwise taps as whole vectors too, and each depthwise output row goes back to NCHW through
// 8 x 8 transposes.
constexpr int64_t kMaxChannels = 64;
constexpr int64_t kMaxTaps = 64;
constexpr int64_t kMaxDepthwiseWindow = 5;

inline int64_t CeilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

// The output columns [lo, hi) of a row whose windows (`kernel` taps, `stride` apart, from column
// x * stride - pad) lie inside its in_w pixels: x * stride - pad >= 0 and
// x * stride - pad + kernel <= in_w. The others reach into the padding.
struct ColumnsInside {
  int64_t lo, hi;
  ColumnsInside(int64_t in_w, int64_t out_w, int64_t kernel, int64_t stride, int64_t pad) {
    lo = std::min(out_w, CeilDiv(pad, stride));
    const int64_t room = in_w - kernel + pad;
    hi = std::max(lo, std::min(out_w, room < 0 ? 0 : room / stride + 1));
  }
};

// The depthwise weights as vectors: tap t at dw[t * cp], its cp lanes the channels (zero past
// `channels`); its bias likewise.
struct PackedWeights {
  int64_t cp = 0;  // channels rounded up to 8
  std::vector<float> dw, dw_bias;
};

// One stage's bias (cp floats, or null), clamp and hard_swish. The bounds are read from memory
// at each store: held in registers through the loops, they pushed sums onto the stack.
struct StageEpilogue {
  const float* bias;
  const float* low;
  const float* high;
  bool hard_swish;

  // Finishes acc, the sums of channels [c, c + 8), and stores them at dst.
  void Store(__m256 acc, int64_t c, float* dst) const {
    if (bias != nullptr) acc = _mm256_add_ps(acc, _mm256_loadu_ps(bias + c));
    _mm256_storeu_ps(dst, ClampHardSwishAvx2(acc, _mm256_broadcast_ss(low),
                                             _mm256_broadcast_ss(high), hard_swish));
  }
};

// The first convolution at P consecutive output columns from x of output row y (input rows
// [kh0, kh1) of the window inside the image), channels [c, c + 8 * NV): input values broadcast,
// times the filter vectors, tap by tap in the order (input channel, row, column). kChecked:
// some columns of the windows fall outside the image (skipped); else none do. S: the column
// stride where known at compile time (0: k.plane().stride_w).
template <int P, int NV, int S, bool kChecked>
__attribute__((always_inline)) inline void ConvPixels(const float* image, const ConvRows& k,
                                                      const StageEpilogue& epi, int64_t iy0,
                                                      int64_t kh0, int64_t kh1, int64_t x,
                                                      int64_t c, float* dst) {
  const ConvPlane& cv = k.plane();
  const int64_t kw_n = cv.kernel_w, sw = S > 0 ? S : cv.stride_w, cp = k.cp();
  __m256 acc[P][NV];
#pragma GCC unroll 8
  for (int i = 0; i < P; ++i) {
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v) acc[i][v] = _mm256_setzero_ps();
  }
  const int64_t ix0 = x * sw - cv.pad_left;
  if (!kChecked && kh0 == 0 && kh1 == cv.kernel_h) {
    // Every tap inside the image: one loop over the taps, each at a fixed offset from the
    // window's corner.
    const float* corner = image + iy0 * cv.in_w + ix0;
    const float* wt = k.weights() + c;
    const int64_t taps = static_cast<int64_t>(k.offsets().size());
    for (int64_t t = 0; t < taps; ++t) {
      __m256 w[NV];
#pragma GCC unroll 8
      for (int v = 0; v < NV; ++v) {
        w[v] = _mm256_loadu_ps(wt + t * cp + 8 * v);
      }
      const float* at = corner + k.offsets()[t];
#pragma GCC unroll 8
      for (int i = 0; i < P; ++i) {
        const __m256 xv = _mm256_broadcast_ss(at + i * sw);
#pragma GCC unroll 8
        for (int v = 0; v < NV; ++v) acc[i][v] = _mm256_fmadd_ps(w[v], xv, acc[i][v]);
      }
    }
  } else {
    for (int64_t ci = 0; ci < k.in_channels(); ++ci) {
      for (int64_t kh = kh0; kh < kh1; ++kh) {
        const float* row = image + (ci * cv.in_h + iy0 + kh) * cv.in_w + ix0;
        const float* wt = k.weights() + ((ci * cv.kernel_h + kh) * kw_n) * cp + c;
        // Not unrolled: unrolled, the broadcasts that neighbouring pixels' taps share were kept
        // across taps and spilled.
#pragma GCC unroll 1
        for (int64_t kw = 0; kw < kw_n; ++kw) {
          __m256 w[NV];
#pragma GCC unroll 8
          for (int v = 0; v < NV; ++v) {
            w[v] = _mm256_loadu_ps(wt + kw * cp + 8 * v);
          }
#pragma GCC unroll 8
          for (int i = 0; i < P; ++i) {
            if constexpr (kChecked) {
              const int64_t ix = ix0 + i * sw + kw;
              if (ix < 0 || ix >= cv.in_w) continue;
            }
            const __m256 xv = _mm256_broadcast_ss(row + i * sw + kw);
#pragma GCC unroll 8
            for (int v = 0; v < NV; ++v) acc[i][v] = _mm256_fmadd_ps(w[v], xv, acc[i][v]);
          }
        }
      }
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < P; ++i) {
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v) epi.Store(acc[i][v], c + 8 * v, dst + i * cp + 8 * v);
  }
}

// Output row y of the first convolution, all its columns, channels [c, c + 8 * NV), at dst
// (pixel x at dst + x * cp). S: the column stride where known at compile time (0: read from
// k.plane()).
template <int NV, int S>
void ConvRowChunk(const float* image, const ConvRows& k, const StageEpilogue& epi, int64_t y,
                  int64_t c, float* dst) {
  const ConvPlane& cv = k.plane();
  const int64_t iy0 = y * cv.stride_h - cv.pad_top;
  const int64_t kh0 = std::max<int64_t>(0, -iy0);
  const int64_t kh1 = std::max(kh0, std::min(cv.kernel_h, cv.in_h - iy0));
  const ColumnsInside inside(cv.in_w, cv.out_w, cv.kernel_w, cv.stride_w, cv.pad_left);
  const int64_t x_lo = inside.lo, x_hi = inside.hi;
  const int64_t cp = k.cp();
  for (int64_t x = 0; x < x_lo; ++x) {
    ConvPixels<1, NV, S, true>(image, k, epi, iy0, kh0, kh1, x, c, dst + x * cp + c);
  }
  // Six pixels at a time: 12 sums, 2 weight vectors and a broadcast in registers.
  constexpr int kP = 6;
  int64_t x = x_lo;
  for (; x + kP <= x_hi; x += kP) {
    ConvPixels<kP, NV, S, false>(image, k, epi, iy0, kh0, kh1, x, c, dst + x * cp + c);
  }
  for (; x < x_hi; ++x) {
    ConvPixels<1, NV, S, false>(image, k, epi, iy0, kh0, kh1, x, c, dst + x * cp + c);
  }
  for (x = x_hi; x < cv.out_w; ++x) {
    ConvPixels<1, NV, S, true>(image, k, epi, iy0, kh0, kh1, x, c, dst + x * cp + c);
  }
}

template <int S>
void ConvRow(const float* image, const ConvRows& k, int64_t y, float* dst) {
  const StageEpilogue epi{k.bias(), &k.low(), &k.high(), k.hard_swish()};
  for (int64_t c = 0; c < k.cp(); c += 16) {
    if (k.cp() - c >= 16) {
      ConvRowChunk<2, S>(image, k, epi, y, c, dst);
    } else {
      ConvRowChunk<1, S>(image, k, epi, y, c, dst);
    }
  }
}

// Depthwise outputs at P consecutive columns, channels [c, c + 8): output i sums, over the taps
// (kh, kw) of the window whose rows[kh] is not null, weight wt[(kh * kw_n + kw) * cp] times input
// pixel ix0 + i * s + kw of rows[kh] (pixel q of a row at q * cp), and goes to dst + i * cp.
// kChecked: only the taps with kw0 <= kw < kw1 (P == 1: the others fall on padding the rows do
// not hold). K, S: the window (K x K) and column stride where known at compile time (0: kw_n, s).
// With a 3x3 window the 9 weight vectors and P = 6 sums fill the 16 registers, each multiply-add
// reading its input from L1.
template <int P, int K, int S, bool kChecked = false>
__attribute__((always_inline)) inline void DepthwisePixels(const float* const* rows, int64_t kh_n,
                                                           int64_t kw_n, int64_t s, int64_t cp,
                                                           const float* wt,
                                                           const StageEpilogue& epi, int64_t ix0,
                                                           int64_t c, float* dst, int64_t kw0 = 0,
                                                           int64_t kw1 = 0) {
  if constexpr (K > 0) kh_n = kw_n = K;
  if constexpr (S > 0) s = S;
  __m256 acc[P];
#pragma GCC unroll 8
  for (int i = 0; i < P; ++i) acc[i] = _mm256_setzero_ps();
#pragma GCC unroll 7
  for (int64_t kh = 0; kh < kh_n; ++kh) {
    if (rows[kh] == nullptr) continue;
    const float* row = rows[kh] + ix0 * cp + c;
#pragma GCC unroll 7
    for (int64_t kw = 0; kw < kw_n; ++kw) {
      if constexpr (kChecked) {
        if (kw < kw0 || kw >= kw1) continue;
      }
      const __m256 w = _mm256_loadu_ps(wt + (kh * kw_n + kw) * cp + c);
#pragma GCC unroll 8
      for (int i = 0; i < P; ++i) {
        acc[i] = _mm256_fmadd_ps(w, _mm256_loadu_ps(row + (i * s + kw) * cp), acc[i]);
      }
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < P; ++i) epi.Store(acc[i], c, dst + i * cp);
}

// A depthwise output row of ConvThenDepthwiseForward, whose rows hold the left and right padding
// as zero pixels: every window lies inside them.
template <int K, int S>
void DepthwiseRow(const float* const* rows, const ConvThenDepthwisePlanes& p,
                  const PackedWeights& k, const StageEpilogue& epi, float* dst) {
  const ConvPlane& d = p.dw;
  const int64_t cp = k.cp, ow = d.out_w, s = d.stride_w;
  const float* wt = k.dw.data();
  constexpr int kP = 6;
  int64_t x = 0;
  for (; x + kP <= ow; x += kP) {
    for (int64_t c = 0; c < cp; c += 8) {
      DepthwisePixels<kP, K, S>(rows, d.kernel_h, d.kernel_w, s, cp, wt, epi, x * s, c,
                                dst + x * cp + c);
    }
  }
  for (; x < ow; ++x) {
    for (int64_t c = 0; c < cp; c += 8) {
      DepthwisePixels<1, K, S>(rows, d.kernel_h, d.kernel_w, s, cp, wt, epi, x * s, c,
                               dst + x * cp + c);
    }
  }
}

// P pixels of every channel (PixelMajorDepthwise's interior: all their windows inside the rows).
template <int P, int K, int S>
void PixelMajorPixels(const float* const* rows, int64_t cp, const float* wt,
                      const StageEpilogue& epi, int64_t ix0, float* dst) {
  for (int64_t c = 0; c < cp; c += 8) {
    DepthwisePixels<P, K, S>(rows, K, K, S, cp, wt, epi, ix0, c, dst + c);
  }
}

// Output columns [kFirst, kFirst + 7) of a pixel-major depthwise row whose windows are centred
// (padding K / 2) on rows of kIn pixels, stride S: the 7 x 7 and 14 x 14 planes of late blocks,
// where PixelMajorRow sums the 2 or 4 columns at each end one at a time (4 of 7 with 5x5
// windows). All 7 sums stay in registers; each input pixel of a window row is loaded once and
// multiplied into every sum whose window holds it, those taps known at compile time. Each sum
// still takes its taps in the order (row, column).
template <int K, int S, int kFirst, int kIn>
void PixelMajorSeven(const float* const* rows, int64_t cp, const float* wt,
                     const StageEpilogue& epi, float* dst) {
  constexpr int kOut = 7, kPad = K / 2;
  constexpr int kLo = kFirst * S - kPad < 0 ? 0 : kFirst * S - kPad;
  constexpr int kHi =
      (kFirst + kOut - 1) * S - kPad + K > kIn ? kIn : (kFirst + kOut - 1) * S - kPad + K;
  for (int64_t c = 0; c < cp; c += 8) {
    __m256 acc[kOut];
#pragma GCC unroll 8
    for (int i = 0; i < kOut; ++i) acc[i] = _mm256_setzero_ps();
#pragma GCC unroll 5
    for (int kh = 0; kh < K; ++kh) {
      if (rows[kh] == nullptr) continue;
      const float* row = rows[kh] + c;
      __m256 w[K];
#pragma GCC unroll 5
      for (int kw = 0; kw < K; ++kw) w[kw] = _mm256_loadu_ps(wt + (kh * K + kw) * cp + c);
#pragma GCC unroll 16
      for (int ix = kLo; ix < kHi; ++ix) {
        const __m256 x = _mm256_loadu_ps(row + ix * cp);
#pragma GCC unroll 7
        for (int i = 0; i < kOut; ++i) {
          const int kw = ix - (kFirst + i) * S + kPad;
          if (kw >= 0 && kw < K) acc[i] = _mm256_fmadd_ps(w[kw], x, acc[i]);
        }
      }
    }
#pragma GCC unroll 8
    for (int i = 0; i < kOut; ++i) epi.Store(acc[i], c, dst + (kFirst + i) * cp + c);
  }
}

// Rows of 7 or 14 output columns (kOutW) over kOutW * S input pixels, in blocks of 7.
template <int K, int S, int kOutW>
void PixelMajorSevens(const float* const* rows, int64_t cp, const float* wt,
                      const StageEpilogue& epi, float* dst) {
  PixelMajorSeven<K, S, 0, kOutW * S>(rows, cp, wt, epi, dst);
  if constexpr (kOutW == 14) PixelMajorSeven<K, S, 7, kOutW * S>(rows, cp, wt, epi, dst);
}

// A pixel-major depthwise output row (see PixelMajorDepthwise): the columns whose windows reach
// past the row's ends one at a time, the others six at a time.
template <int K, int S>
void PixelMajorRow(const float* const* rows, const ConvPlane& d, int64_t cp, const float* wt,
                   const StageEpilogue& epi, float* dst) {
  const int64_t ow = d.out_w, pad = d.pad_left;
  const ColumnsInside inside(d.in_w, ow, K, S, pad);
  const int64_t x_lo = inside.lo, x_hi = inside.hi;
  const auto edge = [&](int64_t x) {
    const int64_t ix0 = x * S - pad;
    const int64_t kw0 = std::max<int64_t>(0, -ix0), kw1 = std::min<int64_t>(K, d.in_w - ix0);
    for (int64_t c = 0; c < cp; c += 8) {
      DepthwisePixels<1, K, S, true>(rows, K, K, S, cp, wt, epi, ix0, c, dst + x * cp + c, kw0,
                                     kw1);
    }
  };
  for (int64_t x = 0; x < x_lo; ++x) edge(x);
  constexpr int kP = 6;
  int64_t x = x_lo;
  for (; x + kP <= x_hi; x += kP) {
    PixelMajorPixels<kP, K, S>(rows, cp, wt, epi, x * S - pad, dst + x * cp);
  }
  const float* const* r = rows;
  switch (x_hi - x) {
#define PIXEL_MAJOR_REST(n)                                               \
  case n:                                                                 \
    PixelMajorPixels<n, K, S>(r, cp, wt, epi, x * S - pad, dst + x * cp); \
    break;
    PIXEL_MAJOR_REST(1)
    PIXEL_MAJOR_REST(2)
    PIXEL_MAJOR_REST(3)
    PIXEL_MAJOR_REST(4)
    PIXEL_MAJOR_REST(5)
#undef PIXEL_MAJOR_REST
    default:
      break;
  }
  for (x = x_hi; x < ow; ++x) edge(x);
}

// r[i][j] -> r[j][i] for an 8 x 8 block of floats.
inline void Transpose8x8(__m256 r[8]) {
  __m256 t[8];
#pragma GCC unroll 8
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
  }
  __m256 u[8];
#pragma GCC unroll 8
  for (int i = 0; i < 8; i += 4) {
    u[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
    u[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
    u[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    u[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
#pragma GCC unroll 8
  for (int i = 0; i < 4; ++i) {
    r[i] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x20);
    r[i + 4] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x31);
  }
}

// The depthwise row `src` ([out_w][cp]) stored to NCHW: channel ch's row at out + ch * plane.
void StoreRowNchw(const float* src, int64_t channels, int64_t cp, int64_t out_w, int64_t plane,
                  float* out) {
  const int64_t whole_channels = channels / 8 * 8;
  int64_t x = 0;
  for (; x + 8 <= out_w; x += 8) {
    for (int64_t c = 0; c < whole_channels; c += 8) {
      __m256 r[8];
#pragma GCC unroll 8
      for (int i = 0; i < 8; ++i) r[i] = _mm256_loadu_ps(src + (x + i) * cp + c);
      Transpose8x8(r);
#pragma GCC unroll 8
      for (int j = 0; j < 8; ++j) _mm256_storeu_ps(out + (c + j) * plane + x, r[j]);
    }
  }
  for (int64_t c = 0; c < channels; ++c) {
    const int64_t from = c < whole_channels ? x : 0;
    for (int64_t q = from; q < out_w; ++q) out[c * plane + q] = src[q * cp + c];
  }
}

// Scratch of this thread: `floats` floats, one buffer for each `which` (0: ConvRows::RowsNchw's
// row, 1: ConvThenDepthwiseForward's rows).
float* ThreadScratch(int which, int64_t floats) {
  thread_local std::vector<float> buffers[2];
  std::vector<float>& buffer = buffers[which];
  if (static_cast<int64_t>(buffer.size()) < floats) buffer.resize(floats);
  return buffer.data();
}

std::vector<float> PackTaps(const float* w, int64_t channels, int64_t taps, int64_t cp) {
  std::vector<float> packed(taps * cp, 0.0f);
  for (int64_t ch = 0; ch < channels; ++ch) {
    for (int64_t t = 0; t < taps; ++t) packed[t * cp + ch] = w[ch * taps + t];
  }
  return packed;
}

std::vector<float> PackBias(const float* bias, int64_t channels, int64_t cp) {
  std::vector<float> packed(cp, 0.0f);
  if (bias != nullptr) std::copy(bias, bias + channels, packed.begin());
  return packed;
}

// Whether this machine runs the file's kernels (AVX2 and FMA).
bool CpuHasAvx2Fma() {
  static const bool cpu = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return cpu;
}

}  // namespace

bool ConvRows::Applies(const ConvPlane& c, int64_t in_channels, int64_t channels) {
  return CpuHasAvx2Fma() && channels > 0 && channels <= kMaxChannels && in_channels > 0 &&
         c.kernel_h > 0 && c.kernel_w > 0 && c.kernel_h * c.kernel_w > 1 &&
         in_channels * c.kernel_h * c.kernel_w <= kMaxTaps && c.dilation_h == 1 &&
         c.dilation_w == 1 && c.stride_h > 0 && c.stride_w > 0 && c.out_h > 0 && c.out_w > 0 &&
         c.pad_top >= 0 && c.pad_left >= 0;
}

ConvRows::ConvRows(const ConvPlane& conv, int64_t in_channels, int64_t channels,
                   const float* filter, const DepthwiseEpilogue<float>& epi)
    : conv_(conv),
      in_channels_(in_channels),
      channels_(channels),
      cp_((channels + 7) / 8 * 8),
      weights_(PackTaps(filter, channels, in_channels * conv.kernel_h * conv.kernel_w, cp_)),
      bias_(PackBias(epi.bias, channels, cp_)),
      has_bias_(epi.bias != nullptr),
      low_(epi.low),
      high_(epi.high),
      hard_swish_(epi.hard_swish) {
  for (int64_t ci = 0; ci < in_channels; ++ci) {
    for (int64_t kh = 0; kh < conv.kernel_h; ++kh) {
      for (int64_t kw = 0; kw < conv.kernel_w; ++kw) {
        offsets_.push_back((ci * conv.in_h + kh) * conv.in_w + kw);
      }
    }
  }
}

void ConvRows::RowVectors(const float* image, int64_t y, float* dst) const {
  if (conv_.stride_w == 2) {  // a MobileNet's stem
    ConvRow<2>(image, *this, y, dst);
  } else {
    ConvRow<0>(image, *this, y, dst);
  }
}

void ConvRows::RowsNchw(const float* image, int64_t y0, int64_t y1, float* out,
                        int64_t channel_stride) const {
  float* row = ThreadScratch(0, conv_.out_w * cp_);
  for (int64_t y = y0; y < y1; ++y) {
    RowVectors(image, y, row);
    StoreRowNchw(row, channels_, cp_, conv_.out_w, channel_stride, out + (y - y0) * conv_.out_w);
  }
}

bool ConvThenDepthwiseApplies(const ConvThenDepthwisePlanes& p) {
  const ConvPlane &c = p.conv, &d = p.dw;
  return ConvRows::Applies(c, p.in_channels, p.channels) && d.dilation_h == 1 &&
         d.dilation_w == 1 && (d.kernel_h == 3 || d.kernel_h == 5) && d.kernel_w == d.kernel_h &&
         (d.stride_h == 1 || d.stride_h == 2) && d.stride_w == d.stride_h && d.in_h == c.out_h &&
         d.in_w == c.out_w && d.out_h > 0 && d.out_w > 0 && d.pad_top >= 0 && d.pad_left >= 0;
}

void ConvThenDepthwiseForward(ThreadPool* pool, const ConvThenDepthwisePlanes& p, int64_t batch,
                              const float* input, const float* filter,
                              const DepthwiseEpilogue<float>& conv_epi, const float* dw_filter,
                              const DepthwiseEpilogue<float>& dw_epi, float* out) {
  const ConvPlane &cv = p.conv, &d = p.dw;
  const int64_t channels = p.channels;
  const ConvRows conv_rows(cv, p.in_channels, channels, filter, conv_epi);
  PackedWeights k;
  k.cp = conv_rows.cp();
  const int64_t cp = k.cp;
  k.dw = PackTaps(dw_filter, channels, d.kernel_h * d.kernel_w, cp);
  k.dw_bias = PackBias(dw_epi.bias, channels, cp);
  const StageEpilogue dw_stage{dw_epi.bias != nullptr ? k.dw_bias.data() : nullptr, &dw_epi.low,
                               &dw_epi.high, dw_epi.hard_swish};

  // Rows of the first convolution, kernel_h of them in turn (row y in slot y % kernel_h), each
  // with the depthwise padding as zero pixels on both sides.
  const int64_t pad_right =
      std::max<int64_t>(0, (d.out_w - 1) * d.stride_w + d.kernel_w - d.pad_left - d.in_w);
  const int64_t row_pixels = d.pad_left + d.in_w + pad_right;
  const int64_t slot_floats = row_pixels * cp;
  const int64_t scratch_floats = d.kernel_h * slot_floats + d.out_w * cp;
  const int64_t in_plane = cv.in_h * cv.in_w, out_plane = d.out_h * d.out_w;

  const int threads = pool != nullptr ? pool->num_threads() : 1;
  const int64_t parts =
      threads > batch ? std::min<int64_t>(d.out_h, (threads + batch - 1) / batch) : 1;
  const auto run = [&](int64_t i0, int64_t i1) {
    float* scratch = ThreadScratch(1, scratch_floats);
    float* dw_row = scratch + d.kernel_h * slot_floats;
    for (int64_t s = 0; s < d.kernel_h; ++s) {  // the padding pixels, never written after
      float* slot = scratch + s * slot_floats;
      std::fill(slot, slot + d.pad_left * cp, 0.0f);
      std::fill(slot + (d.pad_left + d.in_w) * cp, slot + slot_floats, 0.0f);
    }
    for (int64_t item = i0; item < i1; ++item) {
      const int64_t n = item / parts, part = item % parts;
      const int64_t o0 = d.out_h * part / parts, o1 = d.out_h * (part + 1) / parts;
      const float* image = input + n * p.in_channels * in_plane;
      float* image_out = out + n * channels * out_plane;
      int64_t next = 0;  // the first convolution's rows below `next` are done (or not needed)
      const float* rows[kMaxDepthwiseWindow];
      for (int64_t o = o0; o < o1; ++o) {
        const int64_t y0 = o * d.stride_h - d.pad_top;
        next = std::max(next, y0);
        for (; next < std::min(y0 + d.kernel_h, d.in_h); ++next) {
          conv_rows.RowVectors(image, next,
                               scratch + (next % d.kernel_h) * slot_floats + d.pad_left * cp);
        }
        for (int64_t kh = 0; kh < d.kernel_h; ++kh) {
          const int64_t y = y0 + kh;
          rows[kh] = y < 0 || y >= d.in_h ? nullptr : scratch + (y % d.kernel_h) * slot_floats;
        }
        if (d.kernel_h == 3 && d.stride_w == 1) {  // square windows (ConvThenDepthwiseApplies)
          DepthwiseRow<3, 1>(rows, p, k, dw_stage, dw_row);
        } else if (d.kernel_h == 3 && d.stride_w == 2) {
          DepthwiseRow<3, 2>(rows, p, k, dw_stage, dw_row);
        } else {
          DepthwiseRow<0, 0>(rows, p, k, dw_stage, dw_row);
        }
        StoreRowNchw(dw_row, channels, cp, d.out_w, out_plane, image_out + o * d.out_w);
      }
    }
  };
  const int64_t items = batch * parts;
  if (pool != nullptr && threads > 1 && items > 1) {
    pool->ParallelFor(items, 1, run);
  } else {
    run(0, items);
  }
}

bool PixelMajorDepthwise::Applies(const ConvPlane& d, int64_t channels) {
  return CpuHasAvx2Fma() && channels > 0 && channels % 8 == 0 && d.dilation_h == 1 &&
         d.dilation_w == 1 && (d.kernel_h == 3 || d.kernel_h == 5) && d.kernel_w == d.kernel_h &&
         (d.stride_h == 1 || d.stride_h == 2) && d.stride_w == d.stride_h && d.out_h > 0 &&
         d.out_w > 0 && d.in_w > 0 && d.pad_top >= 0 && d.pad_left >= 0 && d.pad_top < d.kernel_h &&
         d.pad_left < d.kernel_w;
}

PixelMajorDepthwise::PixelMajorDepthwise(const ConvPlane& dw, int64_t channels,
                                         const DenseTensor& filter,
                                         const DepthwiseEpilogue<float>& epi)
    : dw_(dw),
      channels_(channels),
      bias_(PackBias(epi.bias, channels, channels)),
      has_bias_(epi.bias != nullptr),
      low_(epi.low),
      high_(epi.high),
      hard_swish_(epi.hard_swish) {
  const int64_t taps = dw.kernel_h * dw.kernel_w;
  const auto make = [&] { return PackTaps(filter.data<float>(), channels, taps, channels); };
  weights_ = FrozenFloats(filter, "depthwise taps by channel: " + std::to_string(taps), make);
  if (weights_ == nullptr) weights_ = std::make_shared<const std::vector<float>>(make());
}

void PixelMajorDepthwise::Row(const float* const* rows, float* dst) const {
  const StageEpilogue epi{has_bias_ ? bias_.data() : nullptr, &low_, &high_, hard_swish_};
  const float* wt = weights_->data();
  const bool three = dw_.kernel_h == 3;
  if ((dw_.out_w == 7 || dw_.out_w == 14) && dw_.in_w == dw_.out_w * dw_.stride_w &&
      dw_.pad_left == dw_.kernel_w / 2) {
    using Fn = void (*)(const float* const*, int64_t, const float*, const StageEpilogue&, float*);
    // [out_w == 14][stride 2][5x5]
    static constexpr Fn kSevens[2][2][2] = {
        {{PixelMajorSevens<3, 1, 7>, PixelMajorSevens<5, 1, 7>},
         {PixelMajorSevens<3, 2, 7>, PixelMajorSevens<5, 2, 7>}},
        {{PixelMajorSevens<3, 1, 14>, PixelMajorSevens<5, 1, 14>},
         {PixelMajorSevens<3, 2, 14>, PixelMajorSevens<5, 2, 14>}}};
    kSevens[dw_.out_w == 14][dw_.stride_w == 2][!three](rows, channels_, wt, epi, dst);
    return;
  }
  if (dw_.stride_w == 1) {
    (three ? PixelMajorRow<3, 1> : PixelMajorRow<5, 1>)(rows, dw_, channels_, wt, epi, dst);
  } else {
    (three ? PixelMajorRow<3, 2> : PixelMajorRow<5, 2>)(rows, dw_, channels_, wt, epi, dst);
  }
}

bool PixelMajorRuns() { return CpuHasAvx2Fma(); }

void PixelMajorToNchw(const float* src, int64_t channels, int64_t ld, int64_t pixels, int64_t plane,
                      float* out) {
  StoreRowNchw(src, channels, ld, pixels, plane, out);
}

void PixelMajorAverage(const float* src, int64_t pixels, int64_t channels, float* out) {
  const __m256 count = _mm256_set1_ps(static_cast<float>(pixels));
  for (int64_t c = 0; c < channels; c += 8) {
    __m256 acc[8];
#pragma GCC unroll 8
    for (int j = 0; j < 8; ++j) acc[j] = _mm256_setzero_ps();
    int64_t p = 0;
    for (; p + 8 <= pixels; p += 8) {
#pragma GCC unroll 8
      for (int j = 0; j < 8; ++j) {
        acc[j] = _mm256_add_ps(acc[j], _mm256_loadu_ps(src + (p + j) * channels + c));
      }
    }
    __m256 sum =
        _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(acc[0], acc[4]), _mm256_add_ps(acc[2], acc[6])),
                      _mm256_add_ps(_mm256_add_ps(acc[1], acc[5]), _mm256_add_ps(acc[3], acc[7])));
    for (; p < pixels; ++p) sum = _mm256_add_ps(sum, _mm256_loadu_ps(src + p * channels + c));
    _mm256_storeu_ps(out + c, _mm256_div_ps(sum, count));
  }
}

void PixelMajorScale(float* src, int64_t pixels, int64_t channels, const float* scale) {
  for (int64_t p = 0; p < pixels; ++p) {
    float* row = src + p * channels;
    for (int64_t c = 0; c < channels; c += 8) {
      _mm256_storeu_ps(row + c,
                       _mm256_mul_ps(_mm256_loadu_ps(row + c), _mm256_loadu_ps(scale + c)));
    }
  }
}

void PixelMajorEpilogue::Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const {
  const int64_t j0 = (c - c_) % channels_;
  const float* bias = stage_.bias != nullptr ? stage_.bias + j0 : nullptr;
  const StageEpilogue stage{bias, &stage_.low, &stage_.high, stage_.hard_swish};
  for (int64_t r = 0; r < rows; ++r) {
    float* row = c + r * ldc;
    int64_t j = 0;
    for (; j + 8 <= cols; j += 8) stage.Store(_mm256_loadu_ps(row + j), j, row + j);
    if (j < cols) {  // the last few columns through a vector's worth of scratch
      alignas(32) float tail[8] = {}, bias_tail[8] = {};
      std::copy(row + j, row + cols, tail);
      if (bias != nullptr) std::copy(bias + j, bias + cols, bias_tail);
      const StageEpilogue last{bias != nullptr ? bias_tail : nullptr, &stage_.low, &stage_.high,
                               stage_.hard_swish};
      last.Store(_mm256_load_ps(tail), 0, tail);
      std::copy(tail, tail + (cols - j), row + j);
    }
  }
}

#else  // no AVX2 + FMA: the callers run fused_conv2d's kernels instead

bool ConvRows::Applies(const ConvPlane&, int64_t, int64_t) { return false; }

ConvRows::ConvRows(const ConvPlane&, int64_t, int64_t, const float*,
                   const DepthwiseEpilogue<float>&) {}

void ConvRows::RowsNchw(const float*, int64_t, int64_t, float*, int64_t) const {}

void ConvRows::RowVectors(const float*, int64_t, float*) const {}

bool ConvThenDepthwiseApplies(const ConvThenDepthwisePlanes&) { return false; }

void ConvThenDepthwiseForward(ThreadPool*, const ConvThenDepthwisePlanes&, int64_t, const float*,
                              const float*, const DepthwiseEpilogue<float>&, const float*,
                              const DepthwiseEpilogue<float>&, float*) {}

bool PixelMajorDepthwise::Applies(const ConvPlane&, int64_t) { return false; }

PixelMajorDepthwise::PixelMajorDepthwise(const ConvPlane&, int64_t, const DenseTensor&,
                                         const DepthwiseEpilogue<float>&) {}

void PixelMajorDepthwise::Row(const float* const*, float*) const {}

bool PixelMajorRuns() { return false; }

void PixelMajorToNchw(const float*, int64_t, int64_t, int64_t, int64_t, float*) {}

void PixelMajorAverage(const float*, int64_t, int64_t, float*) {}

void PixelMajorScale(float*, int64_t, int64_t, const float*) {}

void PixelMajorEpilogue::Apply(float*, int64_t, int64_t, int64_t) const {}

#endif

bool MbconvPixelMajorApplies(const ConvPlane* expand, int64_t in_channels, const ConvPlane& dw,
                             int64_t hidden, bool gated) {
  // (Planes wider than kGemmFewRows pixels: a GEMM of so few rows of A sums its products in
  // another order, and the bits would differ from fused_conv2d's.)
  if (!internal::PackedSgemmUsable() || expand == nullptr ||
      !PixelMajorDepthwise::Applies(dw, hidden) || dw.in_h <= 0 ||
      dw.in_w <= internal::kGemmFewRows || dw.out_w <= internal::kGemmFewRows) {
    return false;
  }
  if (!IsPointwise(*expand)) return ConvRows::Applies(*expand, in_channels, hidden);
  // A large plane whose hidden channels leave the expansion's last 16-wide panel part empty runs
  // faster in MbconvBands: MobileNetV3's 72-channel 56 x 56 block (1 thread, 400 alternated runs
  // of the model, twice: 2.6-3% slower pixel-major). Its 88-channel 28 x 28 block and
  // MobileNetV2's blocks (multiples of 16) run faster pixel-major.
  return gated || hidden % internal::kGemmPanelCols == 0 ||
         hidden * dw.in_h * dw.in_w < kMbconvMinHiddenFloats;
}

bool PointwisePixelMajorApplies(const ConvGeometry& g, bool out_nhwc) {
  const int64_t plane = g.h.out * g.w.out;
  const int64_t rows = g.channels_last ? g.batch * plane : plane;  // of each GEMM's A
  return (g.channels_last || out_nhwc) && PixelMajorRuns() && internal::PackedSgemmUsable() &&
         g.groups == 1 && g.in_channels > 0 && g.h.kernel == 1 && g.w.kernel == 1 &&
         g.h.pad_before == 0 && g.h.pad_after == 0 && g.w.pad_before == 0 && g.w.pad_after == 0 &&
         plane > 1 && rows > internal::kGemmFewRows && g.out_channels > internal::kGemmFewRows;
}

}  // namespace funcs
}  // namespace phi
