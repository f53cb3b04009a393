#include "paddle/phi/kernels/pool_kernel.h"

#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/avx2_lanes.h"
#include "paddle/phi/kernels/funcs/conv_then_depthwise.h"
#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/funcs/pooling.h"

namespace phi {
namespace {

// The sum of n consecutive values: eight running sums (lane j adds elements j, j + 8, ...),
// then combined pairwise, then the last n % 8 in order; a fixed order, whatever the threads.
// One running sum would wait on each add's latency (global average pooling ran at one element
// per 3-4 cycles).
template <typename T>
T SumRun(const T* p, int64_t n) {
  T acc[8] = {};
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    for (int j = 0; j < 8; ++j) acc[j] += p[i + j];
  }
  T sum = ((acc[0] + acc[4]) + (acc[2] + acc[6])) + ((acc[1] + acc[5]) + (acc[3] + acc[7]));
  for (; i < n; ++i) sum += p[i];
  return sum;
}

// The window in row-major order from -inf, as a max over the window (NaNs are skipped).
template <typename T>
void Max2x2Plane(const T* src, const PoolGeometry& g, T* dst) {
  const int64_t w_in = g.w.in;
  for (int64_t oh = 0; oh < g.h.out; ++oh) {
    const T* r0 = src + 2 * oh * w_in;
    const T* r1 = r0 + w_in;
    T* d = dst + oh * g.w.out;
    for (int64_t ow = 0; ow < g.w.out; ++ow) {
      T v = std::max(-std::numeric_limits<T>::infinity(), r0[2 * ow]);
      v = std::max(v, r0[2 * ow + 1]);
      v = std::max(v, r1[2 * ow]);
      d[ow] = std::max(v, r1[2 * ow + 1]);
    }
  }
}

// The column pass of the separable max for windows of K columns, S apart: padded[ow * S + kw]
// is column ow * S - pad_before + kw of the line (-inf outside the image). With K and S known
// at compile time the loop vectorizes; the maxima are taken in the order of the generic pass.
template <typename T, int K, int S>
void MaxOverColumns(const T* padded, int64_t outs, T* dst) {
  for (int64_t ow = 0; ow < outs; ++ow) {
    T v = -std::numeric_limits<T>::infinity();
    for (int kw = 0; kw < K; ++kw) v = std::max(v, padded[ow * S + kw]);
    dst[ow] = v;
  }
}

template <typename T>
using MaxColumnsFn = void (*)(const T*, int64_t, T*);

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define POOL_HAS_AVX2_PATH 1
// One float plane of the separable max for 3 x 3 windows with strides 2 (ResNet's stem pool),
// 8 outputs a vector: per output row, the column maxima over its window rows, then each
// window's maximum over its 3 columns from the even and odd columns of that line. max_ps(x, v)
// returns v when x is NaN, so NaNs are skipped as in the generic pass. `padded` holds the
// line with -inf on both sides: width + 16 floats (the last vector reads 16 past its start).
__attribute__((target("avx2"))) void MaxPool3x3S2PlaneAvx2(
    const float* src, const PoolGeometry& g, const std::vector<funcs::PoolRange>& rows,
    int64_t width, float* padded, float* dst) {
  const __m256 low = _mm256_set1_ps(-std::numeric_limits<float>::infinity());
  float* line = padded + g.w.pad_before;
  const int64_t w_in = g.w.in;
  for (const funcs::PoolRange& rh : rows) {
    int64_t w = 0;
    for (; w + 8 <= w_in; w += 8) {
      __m256 v = low;
      for (int64_t h = rh.begin; h < rh.end; ++h) {
        v = _mm256_max_ps(_mm256_loadu_ps(src + h * w_in + w), v);
      }
      _mm256_storeu_ps(line + w, v);
    }
    for (; w < w_in; ++w) {
      float v = -std::numeric_limits<float>::infinity();
      for (int64_t h = rh.begin; h < rh.end; ++h) v = std::max(v, src[h * w_in + w]);
      line[w] = v;
    }
    int64_t ow = 0;
    for (; ow + 8 <= g.w.out && 2 * ow + 18 <= width + 16; ow += 8) {
      const float* at = padded + 2 * ow;
      const __m256 a = _mm256_loadu_ps(at), b = _mm256_loadu_ps(at + 8);
      const __m256 c = _mm256_loadu_ps(at + 2), d = _mm256_loadu_ps(at + 10);
      __m256 v = _mm256_max_ps(funcs::EveryOtherLane<false>(a, b), low);
      v = _mm256_max_ps(funcs::EveryOtherLane<true>(a, b), v);
      v = _mm256_max_ps(funcs::EveryOtherLane<false>(c, d), v);
      _mm256_storeu_ps(dst + ow, v);
    }
    MaxOverColumns<float, 3, 2>(padded + 2 * ow, g.w.out - ow, dst + ow);
    dst += g.w.out;
  }
}
#endif

// MaxOverColumns for g's columns where it applies: fixed windows (not adaptive) each holding at
// least one column of the image, in one of the common shapes; else null.
template <typename T>
MaxColumnsFn<T> PickMaxColumns(const PoolGeometry& g, const std::vector<funcs::PoolRange>& rows,
                               const std::vector<funcs::PoolRange>& cols) {
  const auto empty = [](const funcs::PoolRange& r) { return r.end <= r.begin; };
  if (g.adaptive || std::any_of(rows.begin(), rows.end(), empty) ||
      std::any_of(cols.begin(), cols.end(), empty)) {
    return nullptr;
  }
  if (g.w.kernel == 3 && g.w.stride == 2) return MaxOverColumns<T, 3, 2>;
  if (g.w.kernel == 2 && g.w.stride == 2) return MaxOverColumns<T, 2, 2>;
  if (g.w.kernel == 3 && g.w.stride == 1) return MaxOverColumns<T, 3, 1>;
  return nullptr;
}

template <typename T>
void PoolForwardNchw(const T* x, const PoolGeometry& g, bool is_max, bool exclusive, T* out) {
  const int64_t planes = g.batch * g.channels;
  const int64_t in_plane = g.h.in * g.w.in;
  const int64_t out_plane = g.h.out * g.w.out;
  if (funcs::IsPlainMax2x2(g, is_max)) {
    funcs::ParallelRange(planes, in_plane, [&](int64_t first, int64_t last) {
      for (int64_t plane = first; plane < last; ++plane)
        Max2x2Plane(x + plane * in_plane, g, out + plane * out_plane);
    });
    return;
  }
  const std::vector<funcs::PoolRange> rows = funcs::PoolWindows(g.h, g.adaptive);
  const std::vector<funcs::PoolRange> cols = funcs::PoolWindows(g.w, g.adaptive);
  if (is_max) {
    // Separable: per output row, the column maxima over its window rows (a vectorized pass
    // over whole input rows), then each window's maximum over its columns of that line. The
    // same maximum of the same values as the window loop below (NaNs are skipped alike; only
    // which of +0 / -0 wins a tie may differ).
    const MaxColumnsFn<T> columns = PickMaxColumns<T>(g, rows, cols);
    if (columns != nullptr) {
      // The line padded with -inf on both sides as far as the windows reach.
      const int64_t before = g.w.pad_before;
      const int64_t width = std::max(before + g.w.in, (g.w.out - 1) * g.w.stride + g.w.kernel);
#ifdef POOL_HAS_AVX2_PATH
      if constexpr (std::is_same_v<T, float>) {
        static const bool avx2 = __builtin_cpu_supports("avx2");
        if (avx2 && columns == MaxOverColumns<float, 3, 2>) {
          funcs::ParallelRange(planes, std::max(in_plane, out_plane), [&](int64_t p0, int64_t p1) {
            std::vector<float> padded(width + 16, -std::numeric_limits<float>::infinity());
            for (int64_t plane = p0; plane < p1; ++plane) {
              MaxPool3x3S2PlaneAvx2(x + plane * in_plane, g, rows, width, padded.data(),
                                    out + plane * out_plane);
            }
          });
          return;
        }
      }
#endif
      funcs::ParallelRange(planes, std::max(in_plane, out_plane), [&](int64_t first, int64_t last) {
        std::vector<T> padded(width, -std::numeric_limits<T>::infinity());
        T* line = padded.data() + before;
        for (int64_t plane = first; plane < last; ++plane) {
          const T* src = x + plane * in_plane;
          T* dst = out + plane * out_plane;
          for (const funcs::PoolRange& rh : rows) {
            std::fill(line, line + g.w.in, -std::numeric_limits<T>::infinity());
            for (int64_t h = rh.begin; h < rh.end; ++h) {
              const T* row = src + h * g.w.in;
              for (int64_t w = 0; w < g.w.in; ++w) line[w] = std::max(line[w], row[w]);
            }
            columns(padded.data(), g.w.out, dst);
            dst += g.w.out;
          }
        }
      });
      return;
    }
    funcs::ParallelRange(planes, std::max(in_plane, out_plane), [&](int64_t first, int64_t last) {
      std::vector<T> line(g.w.in);
      for (int64_t plane = first; plane < last; ++plane) {
        const T* src = x + plane * in_plane;
        T* dst = out + plane * out_plane;
        for (const funcs::PoolRange& rh : rows) {
          std::fill(line.begin(), line.end(), -std::numeric_limits<T>::infinity());
          for (int64_t h = rh.begin; h < rh.end; ++h) {
            const T* row = src + h * g.w.in;
            for (int64_t w = 0; w < g.w.in; ++w) line[w] = std::max(line[w], row[w]);
          }
          for (const funcs::PoolRange& rw : cols) {
            T value = T(0);  // a window entirely in the padding gives 0
            if (rh.end > rh.begin && rw.end > rw.begin) {
              value = -std::numeric_limits<T>::infinity();
              for (int64_t w = rw.begin; w < rw.end; ++w) value = std::max(value, line[w]);
            }
            *dst++ = value;
          }
        }
      }
    });
    return;
  }
  // Averages. Planes are independent: split them over the pool, a plane costing about its
  // input.
  funcs::ParallelRange(planes, std::max(in_plane, out_plane), [&](int64_t first, int64_t last) {
    for (int64_t plane = first; plane < last; ++plane) {
      const T* src = x + plane * in_plane;
      T* dst = out + plane * out_plane;
      for (const funcs::PoolRange& rh : rows) {
        for (const funcs::PoolRange& rw : cols) {
          const int64_t count = (rh.end - rh.begin) * (rw.end - rw.begin);
          T value = T(0);  // a window entirely in the padding gives 0
          if (count > 0) {
            if (rw.begin == 0 && rw.end == g.w.in) {
              // Whole rows (global pooling, the squeeze-excitation blocks' pools): one run.
              value = SumRun(src + rh.begin * g.w.in, count);
            } else {
              for (int64_t h = rh.begin; h < rh.end; ++h)
                value += SumRun(src + h * g.w.in + rw.begin, rw.end - rw.begin);
            }
            const int64_t size = (exclusive || g.adaptive) ? count : rh.padded * rw.padded;
            value /= static_cast<T>(size);
          }
          *dst++ = value;
        }
      }
    }
  });
}

}  // namespace

template <typename T, typename Context>
void Pool2dKernel(const Context& dev_ctx, const DenseTensor& x, const std::string& pooling_type,
                  const std::vector<int>& ksize, bool global_pooling,
                  const std::vector<int>& strides, const std::vector<int>& paddings, bool exclusive,
                  bool adaptive, bool ceil_mode, const std::string& data_format,
                  const std::string& padding_algorithm, DenseTensor* out) {
  const PoolGeometry g = ComputePoolGeometry(x.dims(), ksize, global_pooling, strides, paddings,
                                             adaptive, ceil_mode, data_format, padding_algorithm);
  PD_CHECK(out->dims() == g.out_dims, InvalidArgument, "expected pool2d's Out to have dims ",
           g.out_dims, " (from InferMeta), but got ", out->dims());
  PD_CHECK(pooling_type == "max" || pooling_type == "avg", InvalidArgument,
           "expected pool2d's pooling_type to be \"max\" or \"avg\", but got \"", pooling_type,
           "\"");
  const bool is_max = pooling_type == "max";
  T* result = dev_ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  if (!g.channels_last) {
    PoolForwardNchw(x.data<T>(), g, is_max, exclusive, result);
    return;
  }
  if constexpr (std::is_same_v<T, float>) {
    // NHWC, the average of each image's whole plane (a network's global pooling): straight from
    // the pixels, channels as vector lanes, with the NCHW kernel's sums
    // (funcs::PixelMajorAverage).
    const bool whole_plane = g.h.out == 1 && g.w.out == 1 && g.h.pad_before == 0 &&
                             g.h.pad_after == 0 && g.w.pad_before == 0 && g.w.pad_after == 0 &&
                             (g.adaptive || (g.h.kernel == g.h.in && g.w.kernel == g.w.in));
    if (!is_max && whole_plane && g.channels % 8 == 0 && funcs::PixelMajorRuns()) {
      const int64_t pixels = g.h.in * g.w.in;
      for (int64_t n = 0; n < g.batch; ++n) {
        funcs::PixelMajorAverage(x.data<float>() + n * pixels * g.channels, pixels, g.channels,
                                 result + n * g.channels);
      }
      return;
    }
  }
  std::vector<T> xt = funcs::ChannelsLastToFirst(x.data<T>(), x.dims());
  std::vector<T> yt(out->numel());
  PoolForwardNchw(xt.data(), g, is_max, exclusive, yt.data());
  funcs::ChannelsFirstToLast(yt.data(), DDim({g.batch, g.channels, g.h.out, g.w.out}), result);
}

}  // namespace phi

PD_REGISTER_KERNEL(pool2d, CPU, phi::Pool2dKernel, float, double);
