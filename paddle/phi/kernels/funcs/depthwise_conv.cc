#include "paddle/phi/kernels/funcs/depthwise_conv.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <type_traits>
#include <vector>

#include "paddle/phi/kernels/funcs/avx2_lanes.h"
#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"

namespace phi {
namespace funcs {
namespace {

// Fixed-width SIMD through the compiler's vector extension: 16 bytes (4 floats, 2 doubles,
// the baseline x86-64 width) unless a caller compiled for AVX2 asks for 32. Written out
// because GCC at -O2 does not vectorise loops whose trip count is unknown. Always inlined, so
// that each caller's target decides the instructions.
#define DW_INLINE inline __attribute__((always_inline))
// 32-byte vectors in signatures draw a note that their ABI differs without AVX; these
// functions are always inlined, so no such call exists.
#pragma GCC diagnostic ignored "-Wpsabi"

template <typename T, int kBytes = 16>
struct Simd {
  typedef T V __attribute__((vector_size(kBytes)));
  static constexpr int kLanes = kBytes / sizeof(T);
  static DW_INLINE V Load(const T* p) {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static DW_INLINE void Store(T* p, const V& v) { std::memcpy(p, &v, sizeof v); }
  static DW_INLINE V Splat(T x) { return V{} + x; }
  // Lanes of the concatenation a, b picked by index.
  template <int... kIndex>
  static DW_INLINE V Shuffle(V a, V b) {
#if defined(__clang__) || __GNUC__ >= 12
    return __builtin_shufflevector(a, b, kIndex...);
#else
    typedef std::conditional_t<sizeof(T) == 4, int32_t, int64_t> I
        __attribute__((vector_size(kBytes)));
    return __builtin_shuffle(a, b, I{kIndex...});
#endif
  }
  // out[0 .. 2L) = a[0], b[0], a[1], b[1], ...
  static void Interleave(V a, V b, T* out) {
    static_assert(kBytes == 16, "16-byte vectors only");
    if constexpr (kLanes == 4) {
      Store(out, Shuffle<0, 4, 1, 5>(a, b));
      Store(out + kLanes, Shuffle<2, 6, 3, 7>(a, b));
    } else {
      Store(out, Shuffle<0, 2>(a, b));
      Store(out + kLanes, Shuffle<1, 3>(a, b));
    }
  }
  // Lanes p[0], p[S], p[2 * S], ... reading nothing past p[S * (kLanes - 1)].
  template <int S>
  static V LoadStrided(const T* p) {
    static_assert(S == 1 || S == 2, "strides 1 and 2 only");
    static_assert(kBytes == 16, "16-byte vectors only");
    if constexpr (S == 1) {
      return Load(p);
    } else {
      // The even lanes of p[0 .. L) and the odd lanes of p[L - 1 .. 2L - 1).
      const V a = Load(p), b = Load(p + kLanes - 1);
      if constexpr (kLanes == 4) {
        return Shuffle<0, 2, 5, 7>(a, b);
      } else {
        return Shuffle<0, 3>(a, b);
      }
    }
  }
};

// out = Clamp(out + bias, low, high) for every output of a plane (the bias only when has_bias:
// adding 0 would turn a -0 into +0; low / high may be -inf / +inf), then HardSwish(out) where
// hard_swish.
template <typename T>
struct PlaneBiasClamp {
  bool has_bias = false;
  bool hard_swish = false;
  T bias = T(0);
  T low = -std::numeric_limits<T>::infinity();
  T high = std::numeric_limits<T>::infinity();
};

// The forward pass first copies the part of an input plane that the windows reach into a
// zero-padded scratch plane, so that every window lies inside and one branch-free loop serves
// all outputs (the copy costs far less than bounds checks on the border, a large share of the
// small planes of late layers). With a column stride S > 1 each scratch row holds its columns
// split by phase (c % S, then c / S): every tap then reads S-strided input columns as
// consecutive elements, and the loops load whole vectors.
struct PaddedLayout {
  int64_t rows = 0;         // input rows the windows reach
  int64_t cols = 0;         // input columns the windows reach
  int64_t phase_width = 0;  // ceil(cols / stride_w)
  int64_t row_len = 0;      // stride_w * phase_width
};

PaddedLayout MakePaddedLayout(const ConvPlane& p) {
  PaddedLayout l;
  l.rows = (p.out_h - 1) * p.stride_h + (p.kernel_h - 1) * p.dilation_h + 1;
  l.cols = (p.out_w - 1) * p.stride_w + (p.kernel_w - 1) * p.dilation_w + 1;
  l.phase_width = (l.cols + p.stride_w - 1) / p.stride_w;
  l.row_len = p.stride_w * l.phase_width;
  return l;
}

// Where tap (kh, kw) of output (0, 0) sits in the scratch plane; output (oh, ow) reads
// oh * stride_h * row_len + that + ow.
int64_t TapOffset(const ConvPlane& p, const PaddedLayout& l, int64_t kh, int64_t kw) {
  const int64_t col = kw * p.dilation_w;
  return kh * p.dilation_h * l.row_len + (col % p.stride_w) * l.phase_width + col / p.stride_w;
}

template <typename T>
void CopyPadded(const T* in, const ConvPlane& p, const PaddedLayout& l, T* padded) {
  using Sd = Simd<T>;
  constexpr int L = Sd::kLanes;
  const int64_t s = p.stride_w;
  // Scratch columns [c0, c1) come from input columns c - pad_left; the rest are zero.
  const int64_t c0 = std::clamp<int64_t>(p.pad_left, 0, l.cols);
  const int64_t c1 = std::clamp<int64_t>(p.pad_left + p.in_w, c0, l.cols);
  for (int64_t r = 0; r < l.rows; ++r) {
    T* dst = padded + r * l.row_len;
    const int64_t ih = r - p.pad_top;
    if (ih < 0 || ih >= p.in_h || c0 == c1) {
      std::fill(dst, dst + l.row_len, T(0));
      continue;
    }
    const T* src = in + ih * p.in_w;  // src[c - pad_left] for scratch columns c in [c0, c1)
    if (s == 1) {
      std::fill(dst, dst + c0, T(0));
      std::memcpy(dst + c0, src + (c0 - p.pad_left), (c1 - c0) * sizeof(T));
      std::fill(dst + c1, dst + l.row_len, T(0));
      continue;
    }
    for (int64_t phase = 0; phase < s; ++phase) {
      T* out = dst + phase * l.phase_width;
      // Entries j with c0 <= j * s + phase < c1.
      const int64_t j0 = c0 <= phase ? 0 : (c0 - phase + s - 1) / s;
      const int64_t j1 = c1 <= phase ? 0 : (c1 - phase + s - 1) / s;
      std::fill(out, out + j0, T(0));
      int64_t j = j0;
      if (s == 2) {
        for (; j + L <= j1; j += L)
          Sd::Store(out + j, Sd::template LoadStrided<2>(src + (2 * j + phase - p.pad_left)));
      }
      for (; j < j1; ++j) out[j] = src[j * s + phase - p.pad_left];
      std::fill(out + std::max(j0, j1), out + l.phase_width, T(0));
    }
  }
}

// out[out_h, out_w] (+)= the correlation of the scratch plane with the filter w.
template <typename T>
using PlaneFn = void (*)(const T* padded, const ConvPlane& p, const PaddedLayout& l, const T* w,
                         T* out);

// K x K taps fixed at compile time: they unroll, and each vector of kLanes outputs is summed
// in a register. Every plane kernel adds the taps in the same order onto the same start value.
template <typename T, int K, bool kAccumulate, int kBytes = 16>
DW_INLINE void PlaneFixed(const T* padded, const ConvPlane& p, const PaddedLayout& l, const T* w,
                          T* out) {
  using Sd = Simd<T, kBytes>;
  using V = typename Sd::V;
  constexpr int L = Sd::kLanes;
  int64_t off[K * K];
  V wv[K * K];
  for (int kh = 0; kh < K; ++kh) {
    for (int kw = 0; kw < K; ++kw) {
      off[kh * K + kw] = TapOffset(p, l, kh, kw);
      wv[kh * K + kw] = Sd::Splat(w[kh * K + kw]);
    }
  }
  const int64_t width = p.out_w;
  // Without accumulation a last partial vector is recomputed overlapping the one before (the
  // same values); otherwise the remainder is left to a scalar loop.
  const bool overlap = !kAccumulate && width >= L;
  const int64_t vector_end = overlap ? width : width / L * L;
  for (int64_t oh = 0; oh < p.out_h; ++oh) {
    const T* src = padded + oh * p.stride_h * l.row_len;
    T* dst = out + oh * width;
    for (int64_t ow = 0; ow < vector_end; ow += L) {
      const int64_t o = ow + L > width ? width - L : ow;
      V sum = kAccumulate ? Sd::Load(dst + o) : V{};
#pragma GCC unroll 25
      for (int t = 0; t < K * K; ++t) sum += wv[t] * Sd::Load(src + off[t] + o);
      Sd::Store(dst + o, sum);
    }
    for (int64_t ow = vector_end; ow < width; ++ow) {
      T sum = kAccumulate ? dst[ow] : T(0);
      for (int t = 0; t < K * K; ++t) sum += w[t] * src[off[t] + ow];
      dst[ow] = sum;
    }
  }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The same loops compiled for AVX2 + FMA (8 floats a vector), chosen at run time.
template <typename T, int K, bool kAccumulate>
__attribute__((target("avx2,fma"))) void PlaneFixedAvx2(const T* padded, const ConvPlane& p,
                                                        const PaddedLayout& l, const T* w, T* out) {
  PlaneFixed<T, K, kAccumulate, 32>(padded, p, l, w, out);
}

bool HasAvx2() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}
#define DW_HAS_AVX2_PATH 1
#endif

#ifdef DW_HAS_AVX2_PATH
// Float K x K windows (K = 3 or 5) with dilation 1 and column stride S (1 or 2), read straight
// from the input plane: no padded copy, whose per-row cost dominates the small planes of late
// layers (7 x 7, 14 x 14). Each vector holds 8 outputs of one row; loads that reach past the
// plane's edge are masked (masked lanes read nothing and give 0), and input rows outside the
// plane are skipped. Taps are added in the plane kernels' order, from zero.
__attribute__((target("avx2"))) inline __m256i LanesWithin(int64_t start, int64_t limit) {
  const __m256i col = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                       _mm256_set1_epi32(static_cast<int32_t>(start)));
  return _mm256_and_si256(_mm256_cmpgt_epi32(col, _mm256_set1_epi32(-1)),
                          _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int32_t>(limit)), col));
}

// PlaneBiasClamp's bias and clamp on 8 sums, as DirectRowsAvx2's epilogue computes them.
__attribute__((target("avx2"), always_inline)) inline __m256 BiasClampLanes(__m256 v, bool has_bias,
                                                                            float bias, float low,
                                                                            float high) {
  if (has_bias) v = _mm256_add_ps(v, _mm256_set1_ps(bias));
  return _mm256_min_ps(_mm256_set1_ps(high), _mm256_max_ps(_mm256_set1_ps(low), v));
}

// funcs::HardSwish on 8 lanes, in its order (a product, then a quotient: no FMA).
__attribute__((target("avx2"), always_inline)) inline __m256 HardSwishLanes(__m256 v) {
  const __m256 six = _mm256_set1_ps(6.0f);
  const __m256 gate = _mm256_min_ps(
      six, _mm256_max_ps(_mm256_setzero_ps(), _mm256_add_ps(v, _mm256_set1_ps(3.0f))));
  return _mm256_div_ps(_mm256_mul_ps(v, gate), six);
}

// funcs::HardSwish over a plane the direct kernel wrote (its loops keep the weights in
// registers, which the activation's constants would push out).
__attribute__((target("avx2"))) void HardSwishPlaneAvx2(float* out, int64_t count) {
  int64_t i = 0;
  for (; i + 8 <= count; i += 8)
    _mm256_storeu_ps(out + i, HardSwishLanes(_mm256_loadu_ps(out + i)));
  for (; i < count; ++i) out[i] = HardSwish(out[i]);
}

template <bool kInside>
__attribute__((target("avx2"), always_inline)) inline __m256 LoadLanes(const float* at,
                                                                       const __m256i* mask, int j) {
  if constexpr (kInside) {
    return _mm256_loadu_ps(at);
  } else {
    return _mm256_maskload_ps(at, mask[j]);
  }
}

// The K tap vectors of one input row for the strip whose first window column is `row`: tap kw
// holds columns row[kw + S * lane], lane 0..7.
template <int K, int S, bool kInside>
__attribute__((target("avx2"), always_inline)) inline void LoadTaps(const float* row,
                                                                    const __m256i* mask,
                                                                    __m256* taps) {
  if constexpr (S == 1) {
#pragma GCC unroll 5
    for (int kw = 0; kw < K; ++kw) taps[kw] = LoadLanes<kInside>(row + kw, mask, kw);
  } else {
#pragma GCC unroll 3
    for (int m = 0; 2 * m < K; ++m) {
      const __m256 a = LoadLanes<kInside>(row + 2 * m, mask, 2 * m);
      const __m256 b = LoadLanes<kInside>(row + 2 * m + 8, mask, 2 * m + 1);
      taps[2 * m] = EveryOtherLane<false>(a, b);
      if (2 * m + 1 < K) taps[2 * m + 1] = EveryOtherLane<true>(a, b);
    }
  }
}

// The K x K weights, each broadcast to a vector.
template <int K>
__attribute__((target("avx2"), always_inline)) inline void BroadcastWeights(const float* w,
                                                                            __m256* wv) {
#pragma GCC unroll 25
  for (int t = 0; t < K * K; ++t) wv[t] = _mm256_set1_ps(w[t]);
}

// R consecutive output rows from oh0 of the strip of 8 output columns starting at ow0 (stride
// S in both directions). The rows share input rows, which are loaded once; R independent sums
// keep the FMA units busy. kInside: every load of the strip lies inside the input rows (plain
// loads); otherwise `mask` holds each load's lanes.
template <int K, int S, int R, bool kInside>
__attribute__((target("avx2,fma"), always_inline)) inline void DirectRowsAvx2(
    const float* in, const ConvPlane& p, const __m256* wv, const __m256i* mask, int64_t oh0,
    int64_t ow0, __m256i store_mask, const PlaneBiasClamp<float>& e, float* out) {
  const int64_t ih0 = oh0 * S - p.pad_top;
  const float* rows = in + ih0 * p.in_w + ow0 * S - p.pad_left;
  __m256 sum[R];
#pragma GCC unroll 4
  for (int j = 0; j < R; ++j) sum[j] = _mm256_setzero_ps();
#pragma GCC unroll 16
  for (int r = 0; r < (R - 1) * S + K; ++r) {
    if (ih0 + r < 0 || ih0 + r >= p.in_h) continue;
    __m256 taps[K];
    LoadTaps<K, S, kInside>(rows + r * p.in_w, mask, taps);
#pragma GCC unroll 4
    for (int j = 0; j < R; ++j) {
      const int kh = r - j * S;
      if (kh < 0 || kh >= K) continue;
#pragma GCC unroll 5
      for (int kw = 0; kw < K; ++kw) sum[j] = _mm256_fmadd_ps(wv[kh * K + kw], taps[kw], sum[j]);
    }
  }
  const bool whole = p.out_w - ow0 >= 8;
  // The epilogue in the order and with the compare semantics of funcs::Clamp: max_ps / min_ps
  // return their second operand when it is NaN or when both are zeros.
  const __m256 bias = _mm256_set1_ps(e.bias), low = _mm256_set1_ps(e.low);
  const __m256 high = _mm256_set1_ps(e.high);
#pragma GCC unroll 4
  for (int j = 0; j < R; ++j) {
    if (e.has_bias) sum[j] = _mm256_add_ps(sum[j], bias);
    sum[j] = _mm256_min_ps(high, _mm256_max_ps(low, sum[j]));
    float* dst = out + (oh0 + j) * p.out_w + ow0;
    // A partial strip stores 8 lanes where they stay inside the plane: the lanes past its row
    // land in later rows, which the callers write after this one. Only the plane's last
    // floats take a masked store (slow on some CPUs: AMD's are microcoded).
    if (whole || (p.out_h - oh0 - j) * p.out_w - ow0 >= 8) {
      _mm256_storeu_ps(dst, sum[j]);
    } else {
      _mm256_maskstore_ps(dst, store_mask, sum[j]);
    }
  }
}

// The strip of 8 outputs from column ow0: whether each of its loads lies inside the input
// rows (plain loads), else the lanes of each (mask); and the lanes it stores.
template <int K, int S>
struct Strip {
  // Loads per tap row: stride 1 reads 8 columns at each of the K offsets; stride 2 reads 16
  // columns at each even offset 2m and splits them into the even (tap 2m) and odd (tap 2m + 1)
  // columns.
  static constexpr int kLoads = S == 1 ? K : 2 * ((K + 1) / 2);
  bool inside;
  __m256i mask[kLoads];
  __m256i store_mask;
};

template <int K, int S>
__attribute__((target("avx2"), always_inline)) inline Strip<K, S> MakeStrip(const ConvPlane& p,
                                                                            int64_t ow0) {
  constexpr int64_t kSpan = S == 1 ? 8 + K - 1 : 16 + K - 1;  // columns the strip reaches
  Strip<K, S> strip;
  const int64_t base = ow0 * S - p.pad_left;
  strip.inside = base >= 0 && base + kSpan <= p.in_w;
  if (!strip.inside) {
    for (int j = 0; j < Strip<K, S>::kLoads; ++j) {
      strip.mask[j] = LanesWithin(S == 1 ? base + j : base + 2 * (j / 2) + 8 * (j % 2), p.in_w);
    }
  }
  strip.store_mask = p.out_w - ow0 >= 8 ? _mm256_set1_epi32(-1) : LanesWithin(0, p.out_w - ow0);
  return strip;
}

template <int K, int S, int R>
__attribute__((target("avx2,fma"), always_inline)) inline void StripRowsAvx2(
    const float* in, const ConvPlane& p, const __m256* wv, const Strip<K, S>& strip, int64_t oh0,
    int64_t ow0, const PlaneBiasClamp<float>& e, float* out) {
  if (strip.inside) {
    DirectRowsAvx2<K, S, R, true>(in, p, wv, nullptr, oh0, ow0, strip.store_mask, e, out);
  } else {
    DirectRowsAvx2<K, S, R, false>(in, p, wv, strip.mask, oh0, ow0, strip.store_mask, e, out);
  }
}

// StripRowsAvx2 in a function of its own, the weights broadcast here, for the reason given at
// InteriorRowsAvx2: the edge strips and edge rows of a large stride-1 plane. (Stride 2 lost
// 5-10% this way: its calls are short, and its shuffles want the registers.)
template <int K, int S, int R>
__attribute__((target("avx2,fma"), noinline)) void EdgeRowsAvx2(
    const float* in, const ConvPlane& p, const float* w, const Strip<K, S>& strip, int64_t oh0,
    int64_t ow0, const PlaneBiasClamp<float>& e, float* out) {
  __m256 wv[K * K];
  BroadcastWeights<K>(w, wv);
  StripRowsAvx2<K, S, R>(in, p, wv, strip, oh0, ow0, e, out);
}

// All rows of one strip, in a function of its own (see EdgeRowsAvx2): the small planes.
template <int K, int S>
__attribute__((target("avx2,fma"), noinline)) void StripColumnAvx2(
    const float* in, const ConvPlane& p, const float* w, const Strip<K, S>& strip, int64_t ow0,
    const PlaneBiasClamp<float>& e, float* out) {
  __m256 wv[K * K];
  BroadcastWeights<K>(w, wv);
  int64_t oh = 0;
  for (; oh + 4 <= p.out_h; oh += 4) StripRowsAvx2<K, S, 4>(in, p, wv, strip, oh, ow0, e, out);
  for (; oh < p.out_h; ++oh) StripRowsAvx2<K, S, 1>(in, p, wv, strip, oh, ow0, e, out);
}

// R rows from oh0 of the strips [ow_lo, ow_hi), each of which stores whole vectors and reads
// only inside the input rows, all of which lie inside the plane: the bulk of a large plane, in
// a loop of its own so that the K * K weights stay in registers (inlined into the general loop
// they were reloaded from the stack for every FMA, and the loop ran at 40 GFLOP/s against 75
// for a loop of its own). The taps and the epilogue of DirectRowsAvx2, in its order.
template <int K, int S, int R>
__attribute__((target("avx2,fma"), noinline)) void InteriorRowsAvx2(
    const float* in, const ConvPlane& p, const float* w, int64_t oh0, int64_t ow_lo, int64_t ow_hi,
    const PlaneBiasClamp<float>& e, float* out) {
  __m256 wv[K * K];
  BroadcastWeights<K>(w, wv);
  const int64_t in_w = p.in_w, out_w = p.out_w;
  const float* rows = in + (oh0 * S - p.pad_top) * in_w - p.pad_left;
  float* dst = out + oh0 * out_w;
  const bool has_bias = e.has_bias;
  const float bias = e.bias, low = e.low, high = e.high;
  for (int64_t ow0 = ow_lo; ow0 < ow_hi; ow0 += 8) {
    __m256 sum[R];
#pragma GCC unroll 4
    for (int j = 0; j < R; ++j) sum[j] = _mm256_setzero_ps();
#pragma GCC unroll 16
    for (int r = 0; r < (R - 1) * S + K; ++r) {
      const float* row = rows + r * in_w + ow0 * S;
      __m256 taps[K];
      if constexpr (S == 2) LoadTaps<K, S, true>(row, nullptr, taps);
#pragma GCC unroll 4
      for (int j = 0; j < R; ++j) {
        const int kh = r - j * S;
        if (kh < 0 || kh >= K) continue;
#pragma GCC unroll 5
        for (int kw = 0; kw < K; ++kw) {
          // Stride 1 reads each tap where it is used (the FMA's memory operand, an L1 hit).
          const __m256 tap = S == 1 ? _mm256_loadu_ps(row + kw) : taps[kw];
          sum[j] = _mm256_fmadd_ps(wv[kh * K + kw], tap, sum[j]);
        }
      }
    }
#pragma GCC unroll 4
    for (int j = 0; j < R; ++j) {
      __m256 v = sum[j];
      if (has_bias) v = _mm256_add_ps(v, _mm256_set1_ps(bias));
      v = _mm256_min_ps(_mm256_set1_ps(high), _mm256_max_ps(_mm256_set1_ps(low), v));
      _mm256_storeu_ps(dst + j * out_w + ow0, v);
    }
  }
}

template <int K, int S>
__attribute__((target("avx2,fma"))) void DirectPlaneAvx2(const float* in, const ConvPlane& p,
                                                         const float* w,
                                                         const PlaneBiasClamp<float>& e,
                                                         float* out) {
  static_assert(S == 1 || S == 2, "column strides 1 and 2 only");
  __m256 wv[K * K];
  BroadcastWeights<K>(w, wv);
  if (p.out_w > 32) {
    // Blocks of rows, each across all strips: the plane streams in from memory in order
    // (strips down the whole plane read it with a stride the prefetchers do not follow, at half
    // the speed for planes that come from DRAM).
    // The strips [ow_lo, ow_hi) that read inside the input rows and store whole vectors go
    // to InteriorRowsAvx2 in row blocks whose input rows all lie inside: strip ow0 reads
    // columns [ow0 * S - pad_left, + kSpan).
    constexpr int64_t kSpan = S == 1 ? 8 + K - 1 : 16 + K - 1;
    const int64_t ow_lo = (p.pad_left + 8 * S - 1) / (8 * S) * 8;
    const int64_t last = p.in_w + p.pad_left - kSpan;  // S * (the last inside strip) at most
    const int64_t ow_hi =
        last < 0 ? 0 : std::max(ow_lo, std::min(p.out_w / 8 * 8, last / S / 8 * 8 + 8));
    int64_t oh = 0;
    for (; oh < p.out_h; oh += 4) {
      const int64_t ih0 = oh * S - p.pad_top;
      const bool rows_inside = oh + 4 <= p.out_h && ih0 >= 0 && ih0 + 3 * S + K <= p.in_h;
      // Strips from the right: a partial last strip spills into the next rows' first columns,
      // which strip 0 writes after it.
      for (int64_t ow0 = (p.out_w - 1) / 8 * 8; ow0 >= 0; ow0 -= 8) {
        if (rows_inside && ow_hi > ow_lo && ow0 + 8 == ow_hi) {
          InteriorRowsAvx2<K, S, 4>(in, p, w, oh, ow_lo, ow_hi, e, out);
          ow0 = ow_lo;
          continue;
        }
        const Strip<K, S> strip = MakeStrip<K, S>(p, ow0);
        if (oh + 4 <= p.out_h) {
          if constexpr (S == 1) {
            EdgeRowsAvx2<K, S, 4>(in, p, w, strip, oh, ow0, e, out);
          } else {
            StripRowsAvx2<K, S, 4>(in, p, wv, strip, oh, ow0, e, out);
          }
        } else {
          for (int64_t r = oh; r < p.out_h; ++r) {
            StripRowsAvx2<K, S, 1>(in, p, wv, strip, r, ow0, e, out);
          }
        }
      }
    }
    return;
  }
  // At most four strips: each strip's masks once, and its rows in order (a small plane stays in
  // cache while the strips pass). From the right, as above; with one strip a row's spill lands
  // in the rows after it.
  for (int64_t ow0 = (p.out_w - 1) / 8 * 8; ow0 >= 0; ow0 -= 8) {
    StripColumnAvx2<K, S>(in, p, w, MakeStrip<K, S>(p, ow0), ow0, e, out);
  }
}

using DirectPlaneFn = void (*)(const float*, const ConvPlane&, const float*,
                               const PlaneBiasClamp<float>&, float*);

// The direct kernel for p, or null where it does not apply.
DirectPlaneFn PickDirectPlane(const ConvPlane& p) {
  if (!HasAvx2() || p.dilation_h != 1 || p.dilation_w != 1 || p.kernel_h != p.kernel_w ||
      p.stride_h != p.stride_w) {
    return nullptr;
  }
  if (p.kernel_h == 3) {
    if (p.stride_w == 1) return DirectPlaneAvx2<3, 1>;
    if (p.stride_w == 2) return DirectPlaneAvx2<3, 2>;
  }
  if (p.kernel_h == 5) {
    if (p.stride_w == 1) return DirectPlaneAvx2<5, 1>;
    if (p.stride_w == 2) return DirectPlaneAvx2<5, 2>;
  }
  return nullptr;
}

// Small planes (float, AVX2; output rows of at most 16 columns: the 14 x 14 and 7 x 7 planes of
// late layers). There the direct kernel above spends more on its masked loads, the rows left
// over from its blocks of four (each rereading K input rows) and the masked store at the
// plane's end than on the sums. Here each plane is first copied into a scratch plane whose zero
// border is written once per call (every plane overwrites only the interior, at the same
// places), so that every load is a plain one; at stride 2 each scratch row holds the padded
// row's even columns, then its odd ones, so that no tap needs a shuffle. Each strip of 8 output
// columns is then summed in blocks of up to 8 rows, one weight at a time over the block's rows.
// The taps are added in the plane kernels' order, from zero, so the results are the direct
// kernel's to the bit.
struct CopiedPlaneLayout {
  int64_t rows = 0;   // scratch rows: the padded rows the windows reach, from pad_top above
  int64_t phase = 0;  // floats per phase of a scratch row (the whole row at stride 1)
  int64_t ld = 0;     // scratch row length: stride * phase
  int64_t strips = 0;
};

CopiedPlaneLayout MakeCopiedPlaneLayout(const ConvPlane& p) {
  const int64_t s = p.stride_w;
  CopiedPlaneLayout l;
  l.strips = (p.out_w + 7) / 8;
  l.rows = (p.out_h - 1) * p.stride_h + p.kernel_h;
  // The loads reach phase index strips * 8 + (K - 1) / s; the row copy writes whole vectors of
  // 8 (stride 1) or 16 (stride 2, 8 a phase) input columns from padded column pad_left.
  const int64_t loads = l.strips * 8 + (p.kernel_w - 1) / s;
  const int64_t copies =
      s == 1 ? p.pad_left + (p.in_w + 7) / 8 * 8 : (p.pad_left + 1) / 2 + (p.in_w + 15) / 16 * 8;
  l.phase = std::max(loads, copies);
  l.ld = s * l.phase;
  return l;
}

// The plane `in` copied into the interior of the scratch plane (whose border is zero): padded
// column c = pad_left + iw at phase c % S, index c / S.
template <int S>
__attribute__((target("avx2"))) void CopyPlane(const float* in, const ConvPlane& p,
                                               const CopiedPlaneLayout& l, float* scratch) {
  const int64_t ih_end = std::min(p.in_h, l.rows - p.pad_top);
  if constexpr (S == 1) {
    const int64_t whole = p.in_w / 8 * 8;
    const __m256i tail = LanesWithin(0, p.in_w - whole);
    for (int64_t ih = 0; ih < ih_end; ++ih) {
      const float* src = in + ih * p.in_w;
      float* dst = scratch + (ih + p.pad_top) * l.ld + p.pad_left;
      for (int64_t c = 0; c < whole; c += 8) _mm256_storeu_ps(dst + c, _mm256_loadu_ps(src + c));
      if (whole < p.in_w) _mm256_storeu_ps(dst + whole, _mm256_maskload_ps(src + whole, tail));
    }
  } else {
    // Input columns iw0 + 2t (even) land at phase pad_left % 2, index (pad_left + iw0) / 2 + t;
    // columns iw0 + 2t + 1 at the other phase, index (pad_left + iw0 + 1) / 2 + t.
    const int64_t even_at = (p.pad_left % 2) * l.phase + p.pad_left / 2;
    const int64_t odd_at = ((p.pad_left + 1) % 2) * l.phase + (p.pad_left + 1) / 2;
    const int64_t whole = p.in_w / 16 * 16;
    const __m256i tail_a = LanesWithin(0, p.in_w - whole);
    const __m256i tail_b = LanesWithin(8, p.in_w - whole);
    for (int64_t ih = 0; ih < ih_end; ++ih) {
      const float* src = in + ih * p.in_w;
      float* dst = scratch + (ih + p.pad_top) * l.ld;
      for (int64_t c = 0; c < whole; c += 16) {
        const __m256 a = _mm256_loadu_ps(src + c), b = _mm256_loadu_ps(src + c + 8);
        _mm256_storeu_ps(dst + even_at + c / 2, EveryOtherLane<false>(a, b));
        _mm256_storeu_ps(dst + odd_at + c / 2, EveryOtherLane<true>(a, b));
      }
      if (whole < p.in_w) {
        const __m256 a = _mm256_maskload_ps(src + whole, tail_a);
        const __m256 b = _mm256_maskload_ps(src + whole + 8, tail_b);
        _mm256_storeu_ps(dst + even_at + whole / 2, EveryOtherLane<false>(a, b));
        _mm256_storeu_ps(dst + odd_at + whole / 2, EveryOtherLane<true>(a, b));
      }
    }
  }
}

// R output rows from oh0 of the strip from column ow0 (stride S both ways), read from the
// scratch plane: tap kw of output column ow reads phase kw % S, index ow + kw / S.
template <int K, int S, int R>
__attribute__((target("avx2,fma"), always_inline)) inline void CopiedRowsAvx2(
    const float* scratch, const CopiedPlaneLayout& l, const ConvPlane& p, const float* w,
    int64_t oh0, int64_t ow0, const PlaneBiasClamp<float>& e, float* out) {
  __m256 sum[R];
#pragma GCC unroll 8
  for (int j = 0; j < R; ++j) sum[j] = _mm256_setzero_ps();
  const int64_t ld = l.ld, phase = l.phase;
  const float* base = scratch + oh0 * S * ld + ow0;
  // One weight at a time, broadcast once for the R rows' sums (R independent FMA chains, all in
  // registers: with a kernel row's K weights held as well, GCC spilled the sums to the stack).
#pragma GCC unroll 5
  for (int kh = 0; kh < K; ++kh) {
#pragma GCC unroll 5
    for (int kw = 0; kw < K; ++kw) {
      const __m256 wv = _mm256_set1_ps(w[kh * K + kw]);
      const float* tap = base + kh * ld + (kw % S) * phase + kw / S;
#pragma GCC unroll 8
      for (int j = 0; j < R; ++j) {
        sum[j] = _mm256_fmadd_ps(wv, _mm256_loadu_ps(tap + j * S * ld), sum[j]);
      }
    }
  }
#pragma GCC unroll 8
  for (int j = 0; j < R; ++j) {
    sum[j] = BiasClampLanes(sum[j], e.has_bias, e.bias, e.low, e.high);
    if (e.hard_swish) sum[j] = HardSwishLanes(sum[j]);
    float* dst = out + (oh0 + j) * p.out_w + ow0;
    // As in DirectRowsAvx2, a partial strip's lanes past its row land in later rows' columns,
    // written after it; only the plane's last floats are stored piece by piece.
    const int64_t room = (p.out_h - oh0 - j) * p.out_w - ow0;
    if (room >= 8) {
      _mm256_storeu_ps(dst, sum[j]);
      continue;
    }
    __m128 v = _mm256_castps256_ps128(sum[j]);
    int64_t n = room;
    if (n >= 4) {
      _mm_storeu_ps(dst, v);
      v = _mm256_extractf128_ps(sum[j], 1);
      dst += 4;
      n -= 4;
    }
    if (n >= 2) {
      _mm_storel_pi(reinterpret_cast<__m64*>(dst), v);
      v = _mm_movehl_ps(v, v);
      dst += 2;
      n -= 2;
    }
    if (n == 1) _mm_store_ss(dst, v);
  }
}

// All rows of the strip from column ow0: blocks of 8, then the rest in one block.
template <int K, int S>
__attribute__((target("avx2,fma"), noinline)) void CopiedStripAvx2(
    const float* scratch, const CopiedPlaneLayout& l, const ConvPlane& p, const float* w,
    int64_t ow0, const PlaneBiasClamp<float>& e, float* out) {
  constexpr int R = 8;
  int64_t oh = 0;
  for (; oh + R <= p.out_h; oh += R) CopiedRowsAvx2<K, S, R>(scratch, l, p, w, oh, ow0, e, out);
  switch (p.out_h - oh) {
#define DW_COPIED_REST(n)                                       \
  case n:                                                       \
    CopiedRowsAvx2<K, S, n>(scratch, l, p, w, oh, ow0, e, out); \
    break;
    DW_COPIED_REST(1)
    DW_COPIED_REST(2)
    DW_COPIED_REST(3)
    DW_COPIED_REST(4)
    DW_COPIED_REST(5)
    DW_COPIED_REST(6)
    DW_COPIED_REST(7)
#undef DW_COPIED_REST
    default:
      break;
  }
}

template <int K, int S>
__attribute__((target("avx2,fma"))) void CopiedPlaneAvx2(const float* in, const ConvPlane& p,
                                                         const float* w,
                                                         const PlaneBiasClamp<float>& e,
                                                         const CopiedPlaneLayout& l, float* scratch,
                                                         float* out) {
  CopyPlane<S>(in, p, l, scratch);
  // Strips from the right, so that a partial strip's spill is overwritten by strip 0.
  for (int64_t ow0 = (l.strips - 1) * 8; ow0 >= 0; ow0 -= 8) {
    CopiedStripAvx2<K, S>(scratch, l, p, w, ow0, e, out);
  }
}

using CopiedPlaneFn = void (*)(const float*, const ConvPlane&, const float*,
                               const PlaneBiasClamp<float>&, const CopiedPlaneLayout&, float*,
                               float*);

// The small-plane kernel for p, or null where it does not apply.
CopiedPlaneFn PickCopiedPlane(const ConvPlane& p) {
  if (!HasAvx2() || p.dilation_h != 1 || p.dilation_w != 1 || p.kernel_h != p.kernel_w ||
      p.stride_h != p.stride_w || p.out_h <= 0 || p.out_w <= 0 || p.out_w > 16 || p.pad_top < 0 ||
      p.pad_left < 0) {
    return nullptr;
  }
  if (p.kernel_h == 3) {
    if (p.stride_w == 1) return CopiedPlaneAvx2<3, 1>;
    if (p.stride_w == 2) return CopiedPlaneAvx2<3, 2>;
  }
  if (p.kernel_h == 5) {
    if (p.stride_w == 1) return CopiedPlaneAvx2<5, 1>;
    if (p.stride_w == 2) return CopiedPlaneAvx2<5, 2>;
  }
  return nullptr;
}

#endif

// Any kernel: accumulate tap by tap over each output row.
template <typename T, bool kAccumulate>
void PlaneGeneric(const T* padded, const ConvPlane& p, const PaddedLayout& l, const T* w, T* out) {
  using Sd = Simd<T>;
  constexpr int L = Sd::kLanes;
  const int64_t width = p.out_w;
  if (!kAccumulate) std::fill(out, out + p.out_h * width, T(0));
  for (int64_t oh = 0; oh < p.out_h; ++oh) {
    const T* src = padded + oh * p.stride_h * l.row_len;
    T* dst = out + oh * width;
    for (int64_t kh = 0; kh < p.kernel_h; ++kh) {
      for (int64_t kw = 0; kw < p.kernel_w; ++kw) {
        const T wt = w[kh * p.kernel_w + kw];
        const typename Sd::V wv = Sd::Splat(wt);
        const T* tap = src + TapOffset(p, l, kh, kw);
        int64_t ow = 0;
        for (; ow + L <= width; ow += L) {
          Sd::Store(dst + ow, Sd::Load(dst + ow) + wv * Sd::Load(tap + ow));
        }
        for (; ow < width; ++ow) dst[ow] += wt * tap[ow];
      }
    }
  }
}

template <typename T, bool kAccumulate>
PlaneFn<T> PickPlaneFn(const ConvPlane& p) {
#ifdef DW_HAS_AVX2_PATH
  if (HasAvx2() && p.out_w >= 32 / static_cast<int64_t>(sizeof(T))) {  // a whole vector per row
    if (p.kernel_h == 3 && p.kernel_w == 3) return PlaneFixedAvx2<T, 3, kAccumulate>;
    if (p.kernel_h == 5 && p.kernel_w == 5) return PlaneFixedAvx2<T, 5, kAccumulate>;
  }
#endif
  if (p.kernel_h == 3 && p.kernel_w == 3) return PlaneFixed<T, 3, kAccumulate>;
  if (p.kernel_h == 5 && p.kernel_w == 5) return PlaneFixed<T, 5, kAccumulate>;
  return PlaneGeneric<T, kAccumulate>;
}

// out[out_h, out_w] (+)= the correlation of input plane `in` with the filter w under p
// (kernel_h, kernel_w >= 1); scratch holds MakePaddedLayout(p) (rows x row_len).
template <typename T, bool kAccumulate>
void ForwardPlane(const T* in, const T* w, const ConvPlane& p, const PaddedLayout& l, T* scratch,
                  T* out, const PlaneBiasClamp<T>* e = nullptr) {
#ifdef DW_HAS_AVX2_PATH
  if constexpr (std::is_same_v<T, float> && !kAccumulate) {
    if (const DirectPlaneFn direct = PickDirectPlane(p)) {
      direct(in, p, w, e != nullptr ? *e : PlaneBiasClamp<float>(), out);
      if (e != nullptr && e->hard_swish) HardSwishPlaneAvx2(out, p.out_h * p.out_w);
      return;
    }
  }
#endif
  CopyPadded(in, p, l, scratch);
  PickPlaneFn<T, kAccumulate>(p)(scratch, p, l, w, out);
  if (e == nullptr) return;
  const int64_t count = p.out_h * p.out_w;
  if (e->has_bias) {
    for (int64_t i = 0; i < count; ++i) out[i] = Clamp(out[i] + e->bias, e->low, e->high);
  } else {
    for (int64_t i = 0; i < count; ++i) out[i] = Clamp(out[i], e->low, e->high);
  }
  if (e->hard_swish) {
    for (int64_t i = 0; i < count; ++i) out[i] = HardSwish(out[i]);
  }
}

// fn(begin, end) over `planes` independent planes on the pool, in chunks of at least ~32K
// multiply-adds: smaller pieces cost more in thread hand-off than they gain.
void ForEachPlane(ThreadPool* pool, int64_t planes, int64_t work_per_plane,
                  const std::function<void(int64_t, int64_t)>& fn) {
  const int64_t grain =
      std::max<int64_t>(1, (int64_t{1} << 15) / std::max<int64_t>(work_per_plane, 1));
  if (pool == nullptr) {
    fn(0, planes);
  } else {
    pool->ParallelFor(planes, grain, fn);
  }
}

template <typename T>
void ForwardNchw(ThreadPool* pool, const T* input, const T* filter, const ConvGeometry& g, T* out,
                 const DepthwiseEpilogue<T>* epilogue = nullptr) {
  const ConvPlane p = MakeConvPlane(g);
  const int64_t multiplier = g.out_channels / g.in_channels;
  const int64_t taps = p.kernel_h * p.kernel_w;
  const int64_t in_plane = p.in_h * p.in_w;
  const int64_t out_plane = p.out_h * p.out_w;
  if (taps == 0) {  // an empty window: every output is an empty sum
    std::fill(out, out + g.batch * g.out_channels * out_plane, T(0));
    return;
  }
#ifdef DW_HAS_AVX2_PATH
  CopiedPlaneFn copied = nullptr;
  if constexpr (std::is_same_v<T, float>) copied = PickCopiedPlane(p);
#endif
  ForEachPlane(pool, g.batch * g.out_channels, out_plane * taps, [&](int64_t begin, int64_t end) {
    PaddedLayout layout;
    std::vector<T> scratch;
#ifdef DW_HAS_AVX2_PATH
    CopiedPlaneLayout copied_layout;
    if (copied != nullptr) {
      copied_layout = MakeCopiedPlaneLayout(p);
      scratch.assign(copied_layout.rows * copied_layout.ld, T(0));  // the border, once
    }
#endif
    if (scratch.empty()) {
      layout = MakePaddedLayout(p);
      scratch.resize(layout.rows * layout.row_len);
    }
    for (int64_t i = begin; i < end; ++i) {
      const int64_t n = i / g.out_channels, oc = i % g.out_channels;
      PlaneBiasClamp<T> e;
      if (epilogue != nullptr) {
        e.has_bias = epilogue->bias != nullptr;
        e.bias = e.has_bias ? epilogue->bias[oc] : T(0);
        e.low = epilogue->low;
        e.high = epilogue->high;
        e.hard_swish = epilogue->hard_swish;
      }
      const T* in = input + (n * g.in_channels + oc / multiplier) * in_plane;
      bool done = false;
#ifdef DW_HAS_AVX2_PATH
      if constexpr (std::is_same_v<T, float>) {
        if (copied != nullptr) {
          copied(in, p, filter + oc * taps, e, copied_layout, scratch.data(), out + i * out_plane);
          done = true;
        }
      }
#endif
      if (!done) {
        ForwardPlane<T, false>(in, filter + oc * taps, p, layout, scratch.data(),
                               out + i * out_plane, epilogue != nullptr ? &e : nullptr);
      }
      if (epilogue != nullptr && epilogue->finish != nullptr) {
        (*epilogue->finish)(out + i * out_plane, i);
      }
    }
  });
}

// The sum of v's lanes, in lane order.
template <typename T>
T LaneSum(typename Simd<T>::V v) {
  T sum = T(0);
  for (int j = 0; j < Simd<T>::kLanes; ++j) sum += v[j];
  return sum;
}

// grad[t] = sum over the outputs of dy[oh, ow] * (scratch plane under tap t): the filter
// gradient of one plane. Partial sums per lane, then per tap, in a fixed order.
template <typename T, int K>
void FilterGradFixed(const T* padded, const T* dy, const ConvPlane& p, const PaddedLayout& l,
                     T* grad) {
  using Sd = Simd<T>;
  using V = typename Sd::V;
  constexpr int L = Sd::kLanes;
  int64_t off[K * K];
  V part[K * K];
  T tail[K * K];
  for (int kh = 0; kh < K; ++kh) {
    for (int kw = 0; kw < K; ++kw) off[kh * K + kw] = TapOffset(p, l, kh, kw);
  }
  for (int t = 0; t < K * K; ++t) {
    part[t] = V{};
    tail[t] = T(0);
  }
  for (int64_t oh = 0; oh < p.out_h; ++oh) {
    const T* src = padded + oh * p.stride_h * l.row_len;
    const T* d = dy + oh * p.out_w;
    int64_t ow = 0;
    for (; ow + L <= p.out_w; ow += L) {
      const V dv = Sd::Load(d + ow);
#pragma GCC unroll 25
      for (int t = 0; t < K * K; ++t) part[t] += dv * Sd::Load(src + off[t] + ow);
    }
    for (; ow < p.out_w; ++ow) {
      for (int t = 0; t < K * K; ++t) tail[t] += d[ow] * src[off[t] + ow];
    }
  }
  for (int t = 0; t < K * K; ++t) grad[t] = LaneSum<T>(part[t]) + tail[t];
}

template <typename T>
void FilterGradGeneric(const T* padded, const T* dy, const ConvPlane& p, const PaddedLayout& l,
                       T* grad) {
  using Sd = Simd<T>;
  constexpr int L = Sd::kLanes;
  for (int64_t kh = 0; kh < p.kernel_h; ++kh) {
    for (int64_t kw = 0; kw < p.kernel_w; ++kw) {
      const int64_t off = TapOffset(p, l, kh, kw);
      typename Sd::V part{};
      T tail = T(0);
      for (int64_t oh = 0; oh < p.out_h; ++oh) {
        const T* src = padded + oh * p.stride_h * l.row_len + off;
        const T* d = dy + oh * p.out_w;
        int64_t ow = 0;
        for (; ow + L <= p.out_w; ow += L) part += Sd::Load(d + ow) * Sd::Load(src + ow);
        for (; ow < p.out_w; ++ow) tail += d[ow] * src[ow];
      }
      grad[kh * p.kernel_w + kw] = LaneSum<T>(part) + tail;
    }
  }
}

// The adjoint of the forward plane kernels: scratch plane under tap t += w[t] * dy, in the
// padded layout (where a strided tap is a run of consecutive elements).
template <typename T>
void ScatterPlane(const T* dy, const T* w, const ConvPlane& p, const PaddedLayout& l, T* padded) {
  using Sd = Simd<T>;
  constexpr int L = Sd::kLanes;
  for (int64_t oh = 0; oh < p.out_h; ++oh) {
    T* dst = padded + oh * p.stride_h * l.row_len;
    const T* d = dy + oh * p.out_w;
    for (int64_t kh = 0; kh < p.kernel_h; ++kh) {
      for (int64_t kw = 0; kw < p.kernel_w; ++kw) {
        const T wt = w[kh * p.kernel_w + kw];
        const typename Sd::V wv = Sd::Splat(wt);
        T* tap = dst + TapOffset(p, l, kh, kw);
        int64_t ow = 0;
        for (; ow + L <= p.out_w; ow += L) {
          Sd::Store(tap + ow, Sd::Load(tap + ow) + wv * Sd::Load(d + ow));
        }
        for (; ow < p.out_w; ++ow) tap[ow] += wt * d[ow];
      }
    }
  }
}

// The inverse of CopyPadded: the input plane's share of the scratch plane (zero where no
// window reaches).
template <typename T>
void CopyUnpadded(const T* padded, const ConvPlane& p, const PaddedLayout& l, T* plane) {
  using Sd = Simd<T>;
  constexpr int L = Sd::kLanes;
  const int64_t s = p.stride_w;
  const int64_t c0 = std::clamp<int64_t>(p.pad_left, 0, l.cols);
  const int64_t c1 = std::clamp<int64_t>(p.pad_left + p.in_w, c0, l.cols);
  std::fill(plane, plane + p.in_h * p.in_w, T(0));
  for (int64_t ih = 0; ih < p.in_h; ++ih) {
    const int64_t r = ih + p.pad_top;
    if (r < 0 || r >= l.rows) continue;
    T* dst = plane + ih * p.in_w;  // dst[c - pad_left] for scratch columns c in [c0, c1)
    const T* src = padded + r * l.row_len;
    int64_t c = c0;
    if (s == 1) {
      std::memcpy(dst + (c0 - p.pad_left), src + c0, (c1 - c0) * sizeof(T));
      continue;
    }
    if (s == 2) {  // interleave the two phases, 2 * kLanes columns at a time
      if (c % 2 == 1 && c < c1) {
        dst[c - p.pad_left] = src[l.phase_width + c / 2];
        ++c;
      }
      for (; c + 2 * L <= c1; c += 2 * L) {
        Sd::Interleave(Sd::Load(src + c / 2), Sd::Load(src + l.phase_width + c / 2),
                       dst + (c - p.pad_left));
      }
    }
    for (; c < c1; ++c) dst[c - p.pad_left] = src[(c % s) * l.phase_width + c / s];
  }
}

template <typename T>
void InputGradNchw(ThreadPool* pool, const T* filter, const T* dout, const ConvGeometry& g, T* dx) {
  const ConvPlane p = MakeConvPlane(g);
  const int64_t multiplier = g.out_channels / g.in_channels;
  const int64_t taps = p.kernel_h * p.kernel_w;
  const int64_t in_plane = p.in_h * p.in_w;
  const int64_t out_plane = p.out_h * p.out_w;
  const int64_t work = multiplier * out_plane * taps;
  if (taps == 0) {  // an empty window: no input reaches an output
    std::fill(dx, dx + g.batch * g.in_channels * in_plane, T(0));
    return;
  }
  if (p.stride_h == 1 && p.stride_w == 1) {
    // With unit strides dx is the correlation of dy with the filter turned by 180 degrees,
    // padded by (kernel - 1) * dilation - pad: the forward kernels do it, gathering.
    ConvPlane q = p;
    q.in_h = p.out_h;
    q.in_w = p.out_w;
    q.out_h = p.in_h;
    q.out_w = p.in_w;
    q.pad_top = (p.kernel_h - 1) * p.dilation_h - p.pad_top;
    q.pad_left = (p.kernel_w - 1) * p.dilation_w - p.pad_left;
    std::vector<T> turned(g.out_channels * taps);
    for (int64_t oc = 0; oc < g.out_channels; ++oc) {
      std::reverse_copy(filter + oc * taps, filter + (oc + 1) * taps, turned.data() + oc * taps);
    }
    ForEachPlane(pool, g.batch * g.in_channels, work, [&](int64_t begin, int64_t end) {
      const PaddedLayout layout = MakePaddedLayout(q);
      std::vector<T> scratch(layout.rows * layout.row_len);
      for (int64_t i = begin; i < end; ++i) {
        const int64_t n = i / g.in_channels, ic = i % g.in_channels;
        for (int64_t m = 0; m < multiplier; ++m) {
          const int64_t oc = ic * multiplier + m;
          const T* dy = dout + (n * g.out_channels + oc) * out_plane;
          const T* w = turned.data() + oc * taps;
          if (m == 0) {
            ForwardPlane<T, false>(dy, w, q, layout, scratch.data(), dx + i * in_plane);
          } else {
            ForwardPlane<T, true>(dy, w, q, layout, scratch.data(), dx + i * in_plane);
          }
        }
      }
    });
    return;
  }
  // Other strides scatter dy into a scratch plane, in whose layout the strided taps are
  // consecutive elements, then copy the input plane out of it.
  ForEachPlane(pool, g.batch * g.in_channels, work, [&](int64_t begin, int64_t end) {
    const PaddedLayout layout = MakePaddedLayout(p);
    std::vector<T> scratch(layout.rows * layout.row_len);
    for (int64_t i = begin; i < end; ++i) {
      const int64_t n = i / g.in_channels, ic = i % g.in_channels;
      std::fill(scratch.begin(), scratch.end(), T(0));
      for (int64_t m = 0; m < multiplier; ++m) {
        const int64_t oc = ic * multiplier + m;
        ScatterPlane(dout + (n * g.out_channels + oc) * out_plane, filter + oc * taps, p, layout,
                     scratch.data());
      }
      CopyUnpadded(scratch.data(), p, layout, dx + i * in_plane);
    }
  });
}

template <typename T>
void FilterGradNchw(ThreadPool* pool, const T* input, const T* dout, const ConvGeometry& g,
                    T* dfilter) {
  const ConvPlane p = MakeConvPlane(g);
  const int64_t multiplier = g.out_channels / g.in_channels;
  const int64_t taps = p.kernel_h * p.kernel_w;
  const int64_t in_plane = p.in_h * p.in_w;
  const int64_t out_plane = p.out_h * p.out_w;
  if (taps == 0) return;
  const bool fixed3 = p.kernel_h == 3 && p.kernel_w == 3;
  const bool fixed5 = p.kernel_h == 5 && p.kernel_w == 5;
  // Each output channel belongs to one thread, which sums its batch in order.
  ForEachPlane(pool, g.out_channels, g.batch * out_plane * taps, [&](int64_t begin, int64_t end) {
    const PaddedLayout layout = MakePaddedLayout(p);
    std::vector<T> scratch(layout.rows * layout.row_len);
    std::vector<T> image(taps), total(taps);
    for (int64_t oc = begin; oc < end; ++oc) {
      std::fill(total.begin(), total.end(), T(0));
      for (int64_t n = 0; n < g.batch; ++n) {
        CopyPadded(input + (n * g.in_channels + oc / multiplier) * in_plane, p, layout,
                   scratch.data());
        const T* dy = dout + (n * g.out_channels + oc) * out_plane;
        if (fixed3) {
          FilterGradFixed<T, 3>(scratch.data(), dy, p, layout, image.data());
        } else if (fixed5) {
          FilterGradFixed<T, 5>(scratch.data(), dy, p, layout, image.data());
        } else {
          FilterGradGeneric(scratch.data(), dy, p, layout, image.data());
        }
        for (int64_t t = 0; t < taps; ++t) total[t] += image[t];
      }
      std::copy(total.begin(), total.end(), dfilter + oc * taps);
    }
  });
}

}  // namespace

template <typename T>
void DepthwiseConvForward(ThreadPool* pool, const T* input, const T* filter, const ConvGeometry& g,
                          T* out, const DepthwiseEpilogue<T>* epilogue) {
  if (!g.channels_last) {
    ForwardNchw(pool, input, filter, g, out, epilogue);
    return;
  }
  PD_CHECK(epilogue == nullptr, InvalidArgument,
           "expected no epilogue for a channels-last depthwise convolution");
  std::vector<T> x = ChannelsLastToFirst(input, DDim({g.batch, g.h.in, g.w.in, g.in_channels}));
  std::vector<T> y(g.batch * g.out_channels * g.h.out * g.w.out);
  ForwardNchw(pool, x.data(), filter, g, y.data());
  ChannelsFirstToLast(y.data(), DDim({g.batch, g.out_channels, g.h.out, g.w.out}), out);
}

template <typename T>
void DepthwiseConvBackward(ThreadPool* pool, const T* input, const T* filter, const T* dout,
                           const ConvGeometry& g, T* input_grad, T* filter_grad) {
  if (!g.channels_last) {
    if (input_grad != nullptr) InputGradNchw(pool, filter, dout, g, input_grad);
    if (filter_grad != nullptr) FilterGradNchw(pool, input, dout, g, filter_grad);
    return;
  }
  std::vector<T> dy = ChannelsLastToFirst(dout, DDim({g.batch, g.h.out, g.w.out, g.out_channels}));
  if (filter_grad != nullptr) {
    std::vector<T> x = ChannelsLastToFirst(input, DDim({g.batch, g.h.in, g.w.in, g.in_channels}));
    FilterGradNchw(pool, x.data(), dy.data(), g, filter_grad);
  }
  if (input_grad != nullptr) {
    std::vector<T> dx(g.batch * g.in_channels * g.h.in * g.w.in);
    InputGradNchw(pool, filter, dy.data(), g, dx.data());
    ChannelsFirstToLast(dx.data(), DDim({g.batch, g.in_channels, g.h.in, g.w.in}), input_grad);
  }
}

template void DepthwiseConvForward<float>(ThreadPool*, const float*, const float*,
                                          const ConvGeometry&, float*,
                                          const DepthwiseEpilogue<float>*);
template void DepthwiseConvForward<double>(ThreadPool*, const double*, const double*,
                                           const ConvGeometry&, double*,
                                           const DepthwiseEpilogue<double>*);
template void DepthwiseConvBackward<float>(ThreadPool*, const float*, const float*, const float*,
                                           const ConvGeometry&, float*, float*);
template void DepthwiseConvBackward<double>(ThreadPool*, const double*, const double*,
                                            const double*, const ConvGeometry&, double*, double*);

}  // namespace funcs
}  // namespace phi
