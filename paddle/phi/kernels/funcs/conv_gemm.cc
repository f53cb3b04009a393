#include "paddle/phi/kernels/funcs/conv_gemm.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

#ifdef __AVX2__
#include <immintrin.h>
#endif

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/avx2_lanes.h"
#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
namespace funcs {
namespace {

// o[t] = src[2 * t] for t < len, reading no further than src[2 * len - 1].
inline void CopyEveryOther(const float* src, int64_t len, float* o) {
#ifdef __AVX2__
  CopyEveryOtherAvx2(src, len, o);
#else
  for (int64_t t = 0; t < len; ++t) o[t] = src[2 * t];
#endif
}

// Slack past a line that CopyWithin may write.
constexpr int64_t kLineSlack = 8;

// o[t] = src[t] for a <= t < b and 0 for the other t in [t0, t1), with t0 <= a <= b <= t1 (src
// is only read in [a, b)). Vectors of 8 with masked loads: rows of 7 to 56 outputs cost no
// library calls; it may write up to kLineSlack - 1 floats past o + t1.
inline void CopyWithin(const float* src, int64_t t0, int64_t t1, int64_t a, int64_t b, float* o) {
#ifdef __AVX2__
  const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  for (int64_t t = t0; t < t1; t += 8) {
    // Lane l is t + l: inside [a, b) when t + l > a - 1 and b > t + l.
    const __m256i at = _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(t)), lane);
    const __m256i inside =
        _mm256_and_si256(_mm256_cmpgt_epi32(at, _mm256_set1_epi32(static_cast<int>(a - 1))),
                         _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(b)), at));
    // Masked-off lanes are not read (and give 0), wherever src + t points.
    _mm256_storeu_ps(o + t, _mm256_maskload_ps(src + t, inside));
  }
#else
  std::fill(o + t0, o + a, 0.0f);
  std::copy(src + a, src + b, o + a);
  std::fill(o + b, o + t1, 0.0f);
#endif
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
    // Across many panels, eight channels at a time: each panel gets 8 consecutive rows (512
    // bytes) while 8 channels stream in. With the input in memory (CONV_BENCH_FLUSH),
    // 32 -> 16 channels at 112 x 112 packed 128 panels in 0.67 ms instead of 0.75 channel by
    // channel, 144 -> 24 at 56 x 56 in 0.76-0.81 instead of 0.90-0.94; with 25 panels or fewer
    // (576 -> 96 at 14 x 14, 960 -> 160 at 7 x 7) channel by channel was 3-10% faster.
    const int64_t rows_at_once = panels >= 64 ? 8 : 1;
    // With a channel scale: the scale of the panel's image (whole panels lie in one image).
    const auto scale_of = [&](int64_t n, int64_t q) {
      return channel_scale_[n / pixels * scale_stride_ + k0 + q];
    };
    for (int64_t q0 = 0; q0 < kc; q0 += rows_at_once) {
      const int64_t q1 = std::min(kc, q0 + rows_at_once);
      for (int64_t pn = 0; pn < panels; ++pn) {
        for (int64_t q = q0; q < q1; ++q) {
          const float* channel = images_ + (k0 + q) * pixels;
          float* out = dst + pn * kc * kNr + q * kNr;
          if (start[pn] >= 0) {
            if (channel_scale_ == nullptr) {
              std::memcpy(out, channel + start[pn], kNr * sizeof(float));
            } else {
              const float s = scale_of(n0 + pn * kNr, q);
              const float* src = channel + start[pn];
              for (int64_t t = 0; t < kNr; ++t) out[t] = src[t] * s;
            }
            continue;
          }
          // In runs within one image (a panel across an image's end takes two), zeros past nc.
          for (int64_t t = 0; t < kNr;) {
            const int64_t n = n0 + pn * kNr + t;
            if (n >= n0 + nc) {
              std::fill(out + t, out + kNr, 0.0f);
              break;
            }
            const int64_t run = std::min({kNr - t, pixels - n % pixels, n0 + nc - n});
            const float* src = channel + n / pixels * image_stride_ + n % pixels;
            if (channel_scale_ == nullptr) {
              std::memcpy(out + t, src, run * sizeof(float));
            } else {
              const float s = scale_of(n, q);
              for (int64_t u = 0; u < run; ++u) out[t + u] = src[u] * s;
            }
            t += run;
          }
        }
      }
    }
    return;
  }
  if (channel_scale_ != nullptr) {
    throw std::logic_error("ConvWindowsB: a channel scale for windows larger than 1x1");
  }
  const int64_t in_h = p_.in_h, in_w = p_.in_w, out_h = p_.out_h, out_w = p_.out_w;
  const int64_t sh = p_.stride_h, sw = p_.stride_w;
  const int64_t pixels = out_h * out_w;
  const int64_t window = p_.kernel_h * p_.kernel_w;
  const int64_t padded = (nc + kNr - 1) / kNr * kNr;
  float* line = LineBuffer(padded + kLineSlack);
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
      const int64_t end = ow + len;
      const int64_t a = std::min(std::max(ow_lo, ow), end);
      const int64_t b = std::max(std::min(ow_hi, end), a);
      const float* row = channel + img * image_stride_ + y * in_w + dx;  // row[ow * sw]: ow's tap
      if (y < 0 || y >= in_h) {
        std::fill(o + ow, o + end, 0.0f);
      } else if (sw == 1) {
        CopyWithin(row, ow, end, a, b, o);
      } else {
        std::fill(o + ow, o + a, 0.0f);
        const float* src = row + a * sw;
        if (sw == 2) {
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
    std::fill(line + nc, line + padded, 0.0f);  // the last panel's columns past nc
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

namespace {

// Unit strides: the window matrix's row (c, kh, kw) is a zero-padded copy of the image shifted
// by c, kh and kw, so the GEMM's tiles read it in place (GemmRowsB) and nothing is packed.
// Its columns run over whole padded rows (out_h x row, row = out_w + (kernel_w - 1) *
// dilation_w); the columns of each row past out_w are neither computed nor stored, and each
// row's tiles stop at out_w, so a row that is not a whole number of 8-column vectors wastes the
// rest of its last one. Packing costs once per window entry and is shared by the output
// channels, reading in place costs in every tile; so in place where there are few output
// channels (packing took 22% of a 64-channel 56 x 56 3x3 convolution, and 1x1 convolutions to
// 24 channels ran 17-21% faster in place, while those to 96 and 144 channels ran 4-7% slower),
// long rows and a waste of at most 1/16 (28 x 28 wastes 4 of every 32 columns and ran slower).
// Not for 1x1 windows: their in-place tiles read a line from each of K channel planes per
// panel, streams the prefetchers do not follow, while packing copies channel after channel.
// With the image in memory rather than in cache (CONV_BENCH_FLUSH in conv_layer_bench), 1x1
// convolutions 32 -> 16 channels at 112 x 112 and 96 -> 24 at 56 x 56 (batch 2) took 0.79 and
// 0.87 ms in place, 0.61 and 0.58 ms packed; with it in cache the same within 2%.
// Strides of 2 (undilated) come to unit strides over the image's four phases (PhaseImages): a
// network's stem (7x7 / 2 over 3 channels, k = 147) otherwise gathers every other column of a
// large image into its packed windows, and ran 12-15% faster in place on 1 and 2 threads. With
// short windows (3x3 over 3 channels, k = 27: MobileNet's stems) it runs faster in place where
// each thread takes whole images (InPlaceConvForward): on 1 thread 3 -> 16 at 224 x 224, batch
// 2, 0.356 -> 0.299 ms, 3 -> 32 0.577 -> 0.535; on 2, 0.178 -> 0.156 and 0.294 -> 0.275. Where
// the threads would split each image's phases and GEMM (one image on 2 threads: 0.149 -> 0.164
// ms for 3 -> 32) they pack.
bool WindowsInPlace(const ConvPlane& p, int64_t in_per_group, int64_t out_per_group,
                    bool whole_images) {
  const int64_t waste = (p.out_w + 7) / 8 * 8 - p.out_w;
  const bool unit = p.stride_h == 1 && p.stride_w == 1;
  const int64_t k = in_per_group * p.kernel_h * p.kernel_w;
  const bool phases = p.stride_h == 2 && p.stride_w == 2 && p.dilation_h == 1 &&
                      p.dilation_w == 1 && (k >= 64 || (k >= 27 && whole_images));
  const bool pointwise = p.kernel_h == 1 && p.kernel_w == 1;
  return (unit || phases) && !pointwise && out_per_group <= 64 && p.out_w >= 32 &&
         waste * 16 <= p.out_w;
}

// Stride 2: channels [0, channels) of `image` as its four phases, `phases` = [2][2][channels,
// rows, row]: phase (a, b) row i, column j holds image row 2i + a - pad_top, column 2j + b -
// pad_left, or 0 outside the image. Tap (kh, kw) of output (oh, ow) reads phase (kh % 2, kw % 2)
// at row oh + kh / 2, column ow + kw / 2: a unit-stride window.
void PhaseImages(const float* image, int64_t channels, const ConvPlane& p, int64_t rows,
                 int64_t row, float* phases) {
  const int64_t plane = rows * row;
  ParallelRange(4 * channels, plane, [&](int64_t begin, int64_t end) {
    for (int64_t pc = begin; pc < end; ++pc) {
      const int64_t a = pc / (2 * channels), b = pc / channels % 2, c = pc % channels;
      // Columns j with 0 <= 2j + b - pad_left < in_w: [j0, j1).
      const int64_t j0 = std::clamp<int64_t>(CeilDiv(p.pad_left - b, 2), 0, row);
      const int64_t j1 = std::clamp<int64_t>(CeilDiv(p.in_w + p.pad_left - b, 2), j0, row);
      for (int64_t i = 0; i < rows; ++i) {
        float* dst = phases + pc * plane + i * row;
        const int64_t ih = 2 * i + a - p.pad_top;
        if (ih < 0 || ih >= p.in_h || j0 == j1) {
          std::fill(dst, dst + row, 0.0f);
          continue;
        }
        const float* src = image + (c * p.in_h + ih) * p.in_w + 2 * j0 + b - p.pad_left;
        std::fill(dst, dst + j0, 0.0f);
        // CopyEveryOther may read the entry after the last it copies: not past the row.
        const int64_t len = j1 - j0;
        const bool last_in_row = 2 * (j1 - 1) + b - p.pad_left == p.in_w - 1;
        CopyEveryOther(src, last_in_row ? len - 1 : len, dst + j0);
        if (last_in_row) dst[j1 - 1] = src[2 * (len - 1)];
        std::fill(dst + j1, dst + row, 0.0f);
      }
    }
  });
}

// Channels [0, channels) of `image` ([channels, in_h, in_w]) zero-padded into `padded`
// ([channels, rows, row]): padded row r, column q holds image row r - pad_top, column
// q - pad_left, or 0 outside the image.
void PadImage(const float* image, int64_t channels, const ConvPlane& p, int64_t rows, int64_t row,
              float* padded) {
  const int64_t c0 = std::clamp<int64_t>(p.pad_left, 0, row);
  const int64_t c1 = std::clamp<int64_t>(p.pad_left + p.in_w, c0, row);
  ParallelRange(channels, rows * row, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c) {
      for (int64_t r = 0; r < rows; ++r) {
        float* dst = padded + (c * rows + r) * row;
        const int64_t ih = r - p.pad_top;
        if (ih < 0 || ih >= p.in_h || c0 == c1) {
          std::fill(dst, dst + row, 0.0f);
          continue;
        }
        const float* src = image + (c * p.in_h + ih) * p.in_w;  // src[q - pad_left]
        std::fill(dst, dst + c0, 0.0f);
        std::memcpy(dst + c0, src + (c0 - p.pad_left), (c1 - c0) * sizeof(float));
        std::fill(dst + c1, dst + row, 0.0f);
      }
    }
  });
}

// PackedConvForward where WindowsInPlace: one GEMM per image and group.
void InPlaceConvForward(const float* input, const float* filter, int64_t batch, int64_t in_channels,
                        int64_t out_channels, int64_t groups, const ConvPlane& p, float* out,
                        const internal::GemmEpilogue* epilogue,
                        const std::vector<internal::GemmPackedA>* packed_filter) {
  const int64_t in_per_group = in_channels / groups;
  const int64_t out_per_group = out_channels / groups;
  // Stride 2: four phase images, each with the taps of one parity (PhaseImages).
  const bool phases = p.stride_h == 2;
  const int64_t rows =
      phases ? p.out_h + (p.kernel_h + 1) / 2 - 1 : p.out_h + (p.kernel_h - 1) * p.dilation_h;
  const int64_t row =
      phases ? p.out_w + (p.kernel_w + 1) / 2 - 1 : p.out_w + (p.kernel_w - 1) * p.dilation_w;
  const int64_t padded_plane = rows * row;
  const int64_t pixels = p.out_h * p.out_w;
  std::vector<int64_t> offsets;
  offsets.reserve(in_per_group * p.kernel_h * p.kernel_w);
  for (int64_t c = 0; c < in_per_group; ++c) {
    for (int64_t kh = 0; kh < p.kernel_h; ++kh) {
      for (int64_t kw = 0; kw < p.kernel_w; ++kw) {
        if (phases) {
          const int64_t phase = (kh % 2) * 2 + kw % 2;
          offsets.push_back((phase * in_per_group + c) * padded_plane + kh / 2 * row + kw / 2);
        } else {
          offsets.push_back(c * padded_plane + kh * p.dilation_h * row + kw * p.dilation_w);
        }
      }
    }
  }
  const int64_t k = static_cast<int64_t>(offsets.size());
  // Without padding (and with every input row and column inside some window) the padded image
  // is the image itself: the tiles read the input.
  const bool unpadded =
      !phases && p.pad_top == 0 && p.pad_left == 0 && rows == p.in_h && row == p.in_w;
  const std::shared_ptr<ThreadPool> pool = CurrentCPUThreadPool();
  const int64_t plane = p.in_h * p.in_w;
  // Items (image, group) [i0, i1), each a padded copy and a GEMM, on this thread or (pool) split
  // over the pool.
  const auto run = [&](int64_t i0, int64_t i1, ThreadPool* split) {
    // Per call, not kept per thread: for large images it is megabytes that nothing would return.
    // Not zeroed: PhaseImages and PadImage write every entry, borders included (zeroing first
    // cost a pass over the buffer per call).
    const std::unique_ptr<float[]> padded(
        unpadded ? nullptr : new float[(phases ? 4 : 1) * in_per_group * padded_plane]);
    for (int64_t item = i0; item < i1; ++item) {
      const int64_t n = item / groups, gi = item % groups;
      const float* image = input + (n * in_channels + gi * in_per_group) * plane;
      if (phases) {
        PhaseImages(image, in_per_group, p, rows, row, padded.get());
      } else if (!unpadded) {
        PadImage(image, in_per_group, p, rows, row, padded.get());
      }
      const internal::GemmRowsB windows(unpadded ? image : padded.get(), offsets.data());
      internal::GemmCLayout c;
      c.base = out + (n * out_channels + gi * out_per_group) * pixels;
      c.ldc = pixels;
      c.seg_cols = row;
      c.seg_valid = p.out_w;
      c.seg_stride = p.out_w;
      internal::PackedSgemm(out_per_group, p.out_h * row, k, 1.0f, filter + gi * out_per_group * k,
                            k, false, windows, 0.0f, c, split, epilogue,
                            packed_filter != nullptr ? &(*packed_filter)[gi] : nullptr);
    }
  };
  const int64_t items = batch * groups;
  const int threads = pool->num_threads();
  if (threads > 1 && items % threads == 0) {
    // Whole items a thread: one hand-off for the call instead of two an item (the copy's and
    // the GEMM's), and no GEMM split across threads. (Each thread's copy and GEMM run on that
    // thread alone: nested pool calls run inline.)
    pool->ParallelFor(items, items / threads,
                      [&](int64_t i0, int64_t i1) { run(i0, i1, nullptr); });
    return;
  }
  run(0, items, pool.get());
}

}  // namespace

void PackedConvForward(const float* input, const float* filter, int64_t batch, int64_t in_channels,
                       int64_t out_channels, int64_t groups, const ConvPlane& p, float* out,
                       const internal::GemmEpilogue* epilogue,
                       const std::vector<internal::GemmPackedA>* packed_filter,
                       const float* channel_scale) {
  if (channel_scale != nullptr && !ConvTakesChannelScale(p, batch, groups)) {
    throw std::logic_error(
        "PackedConvForward: a channel scale where ConvTakesChannelScale is false");
  }
  if (ConvIsFewImagesOfOnePixel(p, batch, groups)) {
    // 1x1 images (squeeze-excitation layers), a few of them: Output [batch, out_channels] =
    // Input [batch, in_channels] times Filter^T, the GEMM's few-rows path that reads the filter
    // straight, a dot product per output (a 16-column tile of the packed path would hold only
    // `batch` images). 576 -> 144 channels, batch 2 (conv_layer_bench): 0.029 -> 0.008 ms with
    // the filter in cache, 0.052 -> 0.019-0.022 ms from memory.
    internal::GemmCLayout c;
    c.base = out;
    c.ldc = c.seg_cols = out_channels;
    internal::PackedSgemm(batch, out_channels, in_channels, 1.0f, input, in_channels, false,
                          internal::GemmMatrixB(filter, in_channels, true), 0.0f, c,
                          CurrentCPUThreadPool().get());
    if (epilogue != nullptr) {
      // Image n's outputs are its channels' planes of one pixel each.
      for (int64_t n = 0; n < batch; ++n) {
        epilogue->Apply(out + n * out_channels, 1, out_channels, 1);
      }
    }
    return;
  }
  // InPlaceConvForward gives each thread whole images where their number divides evenly.
  const int threads = CurrentCPUThreadPool()->num_threads();
  if (WindowsInPlace(p, in_channels / groups, out_channels / groups,
                     threads == 1 || batch * groups % threads == 0)) {
    InPlaceConvForward(input, filter, batch, in_channels, out_channels, groups, p, out, epilogue,
                       packed_filter);
    return;
  }
  const int64_t in_per_group = in_channels / groups;
  const int64_t out_per_group = out_channels / groups;
  const int64_t k = in_per_group * p.kernel_h * p.kernel_w;
  const int64_t pixels = p.out_h * p.out_w;
  const int64_t plane = p.in_h * p.in_w;
  const std::shared_ptr<ThreadPool> pool = CurrentCPUThreadPool();
  for (int64_t gi = 0; gi < groups; ++gi) {
    const ConvWindowsB windows(input + gi * in_per_group * plane, in_channels * plane, p,
                               channel_scale, in_channels);
    internal::GemmCLayout c;
    c.base = out + gi * out_per_group * pixels;
    c.ldc = pixels;
    c.seg_cols = pixels;
    c.seg_stride = out_channels * pixels;
    internal::PackedSgemm(out_per_group, batch * pixels, k, 1.0f, filter + gi * out_per_group * k,
                          k, false, windows, 0.0f, c, pool.get(), epilogue,
                          packed_filter != nullptr ? &(*packed_filter)[gi] : nullptr);
  }
}

}  // namespace funcs
}  // namespace phi
