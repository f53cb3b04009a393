#include "paddle/phi/kernels/funcs/conv_gemm.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#ifdef __AVX2__
#include <immintrin.h>
#endif

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/conv_util.h"

namespace phi {
namespace funcs {
namespace {

// o[t] = src[2 * t] for t < len, reading no further than src[2 * len - 1].
inline void CopyEveryOther(const float* src, int64_t len, float* o) {
  int64_t t = 0;
#ifdef __AVX2__
  for (; t + 8 <= len; t += 8) {
    const __m256 lo = _mm256_loadu_ps(src + 2 * t), hi = _mm256_loadu_ps(src + 2 * t + 8);
    // Even entries of each 128-bit lane: [lo0 lo2 hi0 hi2 | lo4 lo6 hi4 hi6], then the
    // 64-bit pieces in order.
    const __m256 even = _mm256_shuffle_ps(lo, hi, 0x88);
    _mm256_storeu_ps(o + t, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(even), 0xD8)));
  }
#endif
  for (; t < len; ++t) o[t] = src[2 * t];
}

// a / b rounded up, for b > 0 and any a.
inline int64_t CeilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

// One row of the implicit im2col matrix over `count` columns, in a buffer of this thread.
float* LineBuffer(int64_t count) {
  thread_local std::vector<float> line;
  if (static_cast<int64_t>(line.size()) < count) line.resize(count);
  return line.data();
}

}  // namespace

// Row by row: each packed row is first gathered as a contiguous line (the im2col row over the
// block's columns, built output row by output row with whole-run copies), then dealt out to
// the panels 16 floats at a time.
void ConvWindowsB::Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, float* dst) const {
  constexpr int64_t kNr = internal::kGemmPanelCols;
  if (IsPointwise(p_)) {  // row r is channel r itself: copied straight into the panels
    const int64_t pixels = p_.in_h * p_.in_w;
    const int64_t panels = (nc + kNr - 1) / kNr;
    // Where each panel's 16 columns start within a channel, or -1 where they cross the end of
    // an image or of the block (those are copied one by one).
    std::vector<int64_t> start(panels);
    for (int64_t pn = 0; pn < panels; ++pn) {
      const int64_t n = n0 + pn * kNr;
      const bool whole = n % pixels + kNr <= pixels && (pn + 1) * kNr <= nc;
      start[pn] = whole ? n / pixels * image_stride_ + n % pixels : -1;
    }
    for (int64_t q = 0; q < kc; ++q) {
      const float* channel = images_ + (k0 + q) * pixels;
      for (int64_t pn = 0; pn < panels; ++pn) {
        float* out = dst + pn * kc * kNr + q * kNr;
        if (start[pn] >= 0) {
          std::memcpy(out, channel + start[pn], kNr * sizeof(float));
          continue;
        }
        for (int64_t t = 0; t < kNr; ++t) {
          const int64_t n = n0 + pn * kNr + t;
          out[t] = n < n0 + nc ? channel[n / pixels * image_stride_ + n % pixels] : 0.0f;
        }
      }
    }
    return;
  }
  const int64_t in_h = p_.in_h, in_w = p_.in_w, out_h = p_.out_h, out_w = p_.out_w;
  const int64_t sh = p_.stride_h, sw = p_.stride_w;
  const int64_t pixels = out_h * out_w;
  const int64_t window = p_.kernel_h * p_.kernel_w;
  const int64_t padded = (nc + kNr - 1) / kNr * kNr;
  float* line = LineBuffer(padded);
  std::fill(line + nc, line + padded, 0.0f);
  const int64_t first_img = n0 / pixels, first_oh = n0 % pixels / out_w, first_ow = n0 % out_w;
  int64_t c = k0 / window, kh = k0 % window / p_.kernel_w, kw = k0 % p_.kernel_w;
  for (int64_t q = 0; q < kc; ++q) {
    const int64_t dy = kh * p_.dilation_h - p_.pad_top;
    const int64_t dx = kw * p_.dilation_w - p_.pad_left;
    // The output columns whose tap reads inside the row: 0 <= ow * sw + dx < in_w.
    const int64_t ow_lo = std::max<int64_t>(0, CeilDiv(-dx, sw));
    const int64_t ow_hi = std::min(out_w, CeilDiv(in_w - dx, sw));
    const float* channel = images_ + c * in_h * in_w;
    int64_t img = first_img, oh = first_oh, ow = first_ow;
    for (int64_t j = 0; j < nc;) {
      const int64_t len = std::min(out_w - ow, nc - j);
      float* o = line + j - ow;  // o[ow'] is output column ow' of this output row
      const int64_t y = oh * sh + dy;
      if (y < 0 || y >= in_h) {
        std::fill(o + ow, o + ow + len, 0.0f);
      } else {
        const int64_t end = ow + len;
        const int64_t a = std::min(std::max(ow_lo, ow), end);
        const int64_t b = std::max(std::min(ow_hi, end), a);
        std::fill(o + ow, o + a, 0.0f);
        const float* src = channel + img * image_stride_ + y * in_w + a * sw + dx;
        if (sw == 1) {
          std::memcpy(o + a, src, (b - a) * sizeof(float));
        } else if (sw == 2) {
          CopyEveryOther(src, b - a, o + a);
        } else {
          for (int64_t t = 0; t < b - a; ++t) o[a + t] = src[t * sw];
        }
        std::fill(o + b, o + end, 0.0f);
      }
      j += len;
      ow = 0;
      if (++oh == out_h) {
        oh = 0;
        ++img;
      }
    }
    float* out = dst + q * kNr;
    for (int64_t j0 = 0; j0 < padded; j0 += kNr, out += kc * kNr) {
      std::memcpy(out, line + j0, kNr * sizeof(float));
    }
    if (++kw == p_.kernel_w) {
      kw = 0;
      if (++kh == p_.kernel_h) {
        kh = 0;
        ++c;
      }
    }
  }
}

void PackedConvForward(const float* input, const float* filter, int64_t batch, int64_t in_channels,
                       int64_t out_channels, int64_t groups, const ConvPlane& p, float* out,
                       const internal::GemmEpilogue* epilogue) {
  const int64_t in_per_group = in_channels / groups;
  const int64_t out_per_group = out_channels / groups;
  const int64_t k = in_per_group * p.kernel_h * p.kernel_w;
  const int64_t pixels = p.out_h * p.out_w;
  const int64_t plane = p.in_h * p.in_w;
  const std::shared_ptr<ThreadPool> pool = CurrentCPUThreadPool();
  for (int64_t gi = 0; gi < groups; ++gi) {
    const ConvWindowsB windows(input + gi * in_per_group * plane, in_channels * plane, p);
    internal::GemmCLayout c;
    c.base = out + gi * out_per_group * pixels;
    c.ldc = pixels;
    c.seg_cols = pixels;
    c.seg_stride = out_channels * pixels;
    internal::PackedSgemm(out_per_group, batch * pixels, k, 1.0f, filter + gi * out_per_group * k,
                          k, false, windows, 0.0f, c, pool.get(), epilogue);
  }
}

}  // namespace funcs
}  // namespace phi
