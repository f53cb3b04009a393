// Convolutions on channel vectors (8 channels a vector, channels innermost), float, AVX2 + FMA,
// internal to the kernel library: a convolution over few input channels (a network's stem: 3x3 /
// 2 over an RGB image) followed by a depthwise convolution of its output, computed a few rows at
// a time so that the first convolution's output, the largest activation of a MobileNet, is never
// stored whole (fused_conv_depthwise's CPU kernel); and the pixel-major pieces of fused_mbconv's
// blocks (its depthwise layer, the GEMM epilogue of its expansion, the averages, scaling and
// transposition back to NCHW).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/thread_pool.h"
#include "paddle/phi/kernels/funcs/depthwise_conv.h"
#include "paddle/phi/kernels/funcs/im2col.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"

namespace phi {
namespace funcs {

// The two convolutions: `conv` (one group) maps in_channels to `channels`, `dw` convolves each
// of those channels with its own filter (its in_h / in_w are conv's out_h / out_w).
struct ConvThenDepthwisePlanes {
  int64_t in_channels = 0;
  int64_t channels = 0;
  ConvPlane conv, dw;
};

// The first of those convolutions on its own, an output row at a time, channels 8 to a vector
// (a broadcast input value times the filters of 8 output channels a multiply-add): the stem that
// ConvThenDepthwiseForward and fused_mbconv's bands compute rows of as they need them. The
// weights are laid out once, at construction. Each output sums its taps in the order (input
// channel, row, column) from zero with FMAs, skipping those on padding, then takes `epi`'s bias,
// clamp and hard_swish (its `finish` must be null): the bits of fused_conv2d's packed GEMM.
class ConvRows {
 public:
  // Whether the kernel runs `conv` (one group) from in_channels to `channels` on this machine:
  // AVX2 and FMA, an undilated window larger than 1x1 (1x1 convolutions are plain GEMMs), at
  // most 64 channels and 64 taps (input channels x window).
  static bool Applies(const ConvPlane& conv, int64_t in_channels, int64_t channels);

  // filter: [channels, in_channels, kernel_h, kernel_w]. Only where Applies.
  ConvRows(const ConvPlane& conv, int64_t in_channels, int64_t channels, const float* filter,
           const DepthwiseEpilogue<float>& epi);

  // Output rows [y0, y1) of `image` ([in_channels, in_h, in_w]) in NCHW: channel c's row y at
  // out + c * channel_stride + (y - y0) * out_w.
  void RowsNchw(const float* image, int64_t y0, int64_t y1, float* out,
                int64_t channel_stride) const;

  // Output row y with channels innermost: pixel x's channels at dst + x * cp(), channels past
  // `channels` (to cp()) zero-weighted.
  void RowVectors(const float* image, int64_t y, float* dst) const;
  int64_t cp() const { return cp_; }  // channels rounded up to 8

  const ConvPlane& plane() const { return conv_; }
  int64_t in_channels() const { return in_channels_; }
  // Tap t's weights for the cp() channels, and where it reads from its window's corner.
  const float* weights() const { return weights_.data(); }
  const std::vector<int64_t>& offsets() const { return offsets_; }
  const float* bias() const { return has_bias_ ? bias_.data() : nullptr; }
  const float& low() const { return low_; }
  const float& high() const { return high_; }
  bool hard_swish() const { return hard_swish_; }

 private:
  // ([[maybe_unused]]: builds without AVX2 + FMA compile the callers' fallbacks only.)
  ConvPlane conv_;
  int64_t in_channels_ = 0;
  [[maybe_unused]] int64_t channels_ = 0;
  int64_t cp_ = 0;
  std::vector<int64_t> offsets_;
  std::vector<float> weights_, bias_;
  bool has_bias_ = false;
  float low_ = 0.0f, high_ = 0.0f;
  bool hard_swish_ = false;
};

// Whether ConvThenDepthwiseForward runs these planes on this machine: AVX2 and FMA, undilated
// windows, a first window larger than 1x1 (1x1 convolutions before a depthwise one are
// fused_mbconv's), at most 64 channels and 64 taps (input channels x window) in the first
// convolution, a depthwise window of 3x3 or 5x5 with stride 1 or 2 (those that DepthwiseConvForward
// sums with FMAs, so that the bits agree).
bool ConvThenDepthwiseApplies(const ConvThenDepthwisePlanes& p);

// out [batch, channels, dw.out_h, dw.out_w] = dw_epi(depthwise(conv_epi(conv(input, filter)),
// dw_filter)) for input [batch, in_channels, conv.in_h, conv.in_w], filter [channels,
// in_channels, kh, kw], dw_filter [channels, 1, kh, kw]. Each epilogue is DepthwiseEpilogue's
// bias, clamp and hard_swish (its `finish` must be null). The sums are those of fused_conv2d's
// kernels for each convolution alone, to the bit: the first convolution's taps in the order
// (input channel, row, column) and the depthwise taps in the order (row, column), each from
// zero with FMAs; taps that fall on padding are skipped (they would add a zero). Images, and
// with more threads than images row ranges of an image, are split over `pool` (may be null).
void ConvThenDepthwiseForward(ThreadPool* pool, const ConvThenDepthwisePlanes& p, int64_t batch,
                              const float* input, const float* filter,
                              const DepthwiseEpilogue<float>& conv_epi, const float* dw_filter,
                              const DepthwiseEpilogue<float>& dw_epi, float* out);

// A depthwise convolution of pixel-major rows (a row of w pixels stored [w][channels], channels
// innermost), an output row at a time: channels are the vector lanes, so every lane works
// whatever the plane's width, and no padded copy is made. The sums are DepthwiseConvForward's to
// the bit: taps in the order (row, column) from zero with FMAs, skipping those on padding (they
// would add a zero), then DepthwiseEpilogue's bias, clamp and hard_swish.
class PixelMajorDepthwise {
 public:
  // Whether the kernel runs `dw` over `channels` channels on this machine: AVX2 and FMA, channels
  // a multiple of 8, an undilated 3x3 or 5x5 window with equal strides of 1 or 2 and padding
  // smaller than the window.
  static bool Applies(const ConvPlane& dw, int64_t channels);

  // filter: [channels, 1, kernel_h, kernel_w]; epi's `finish` must be null. Only where Applies.
  // A frozen filter's taps are laid out once and kept with its storage (packed_weights.h).
  PixelMajorDepthwise(const ConvPlane& dw, int64_t channels, const DenseTensor& filter,
                      const DepthwiseEpilogue<float>& epi);

  // Output row o: rows[kh] (kh < kernel_h) is input row o * stride_h - pad_top + kh ([in_w]
  // [channels]), null where that row lies outside the plane; dst is [out_w][channels].
  void Row(const float* const* rows, float* dst) const;

 private:
  // ([[maybe_unused]]: builds without AVX2 + FMA compile the callers' fallbacks only.)
  ConvPlane dw_;
  [[maybe_unused]] int64_t channels_ = 0;
  std::shared_ptr<const std::vector<float>> weights_;  // tap t's weights at t * channels
  std::vector<float> bias_;
  [[maybe_unused]] bool has_bias_ = false;
  [[maybe_unused]] float low_ = 0.0f, high_ = 0.0f;
  [[maybe_unused]] bool hard_swish_ = false;
};

// Whether the pixel-major functions below run on this machine (AVX2 and FMA).
bool PixelMajorRuns();

// src, `pixels` pixel-major pixels ([pixels][ld], channels < ld), stored to NCHW: channel c's
// values at out + c * plane (8 x 8 blocks transposed in registers). Only where
// PixelMajorDepthwise::Applies runs (AVX2).
void PixelMajorToNchw(const float* src, int64_t channels, int64_t ld, int64_t pixels, int64_t plane,
                      float* out);

// out[c] = the average of channel c over `pixels` pixel-major pixels ([pixels][channels],
// channels a multiple of 8), summed as pool2d's average pooling sums a plane (eight running sums
// over the pixels' residues mod 8, added pairwise, then the rest in turn), then divided by their
// count: the same bits. Only where PixelMajorDepthwise::Applies runs (AVX2).
void PixelMajorAverage(const float* src, int64_t pixels, int64_t channels, float* out);

// src[p][c] *= scale[c] for `pixels` pixel-major pixels (channels a multiple of 8): the products
// elementwise_mul makes. Only where PixelMajorDepthwise::Applies runs (AVX2).
void PixelMajorScale(float* src, int64_t pixels, int64_t channels, const float* scale);

// fused_mbconv's NCHW bands (MbconvBands) pay where an image's hidden activations are larger than
// this many floats (512 KiB: with the input and output beside them, beyond L2, where storing them
// whole sends them out and back). Below it the three convolutions run whole (MbconvUnfused): each
// band would re-read both weight matrices for few columns, and the three stages measured as fast or
// faster unfused (MobileNetV2's 14 x 14 and 7 x 7 blocks: its 576-channel 14 x 14 ones 3-10% slower
// in bands). In MobileNet's per-layer profiles (conv_bench.py --layers, 1 thread, three rounds) a
// bound of 1 MiB instead ran MobileNetV3's 72-channel 56 x 56 block in 0.457-0.483 ms against
// 0.391-0.397 and MobileNetV2's 192-channel 28 x 28 blocks in 1.346-1.352 ms against 1.292-1.306.
constexpr int64_t kMbconvMinHiddenFloats = int64_t{1} << 17;

// Whether fused_mbconv's float kernel runs a block pixel-major (MbconvPixelMajor, its path that
// also reads and writes NHWC activations in place: mbconv_layout_pass hands such blocks NHWC
// activations): an expansion (`expand`; null without one) that is 1x1 or a stem that ConvRows
// computes from `in_channels` channels, into `hidden` channels; a depthwise plane `dw` that
// PixelMajorDepthwise takes, input and output planes wider than internal::kGemmFewRows; with a
// 1x1 expansion and no gate, not a large plane (hidden x in_h x in_w at least
// kMbconvMinHiddenFloats) whose hidden channels leave the GEMM's last 16-wide panel part empty.
bool MbconvPixelMajorApplies(const ConvPlane* expand, int64_t in_channels, const ConvPlane& dw,
                             int64_t hidden, bool gated);

// Whether fused_conv2d's float kernel computes the convolution `g` (Input NHWC where
// g.channels_last) with Output in layout `out_nhwc` as one GEMM of the pixels by the filter: NHWC
// on at least one side, 1x1, one group, no padding; enough pixels a GEMM
// (an image's from NCHW, all images' from NHWC) and output channels that it sums as the NCHW
// convolution's GEMM does (the same bits); AVX2 here. conv_layout_pass plans NHWC activations
// where it holds.
bool PointwisePixelMajorApplies(const ConvGeometry& g, bool out_nhwc);

// The epilogue of a GEMM whose C is pixel-major ([pixels][channels], ldc == channels, one
// segment): DepthwiseEpilogue's bias (per column), clamp and hard_swish, which compute what
// fused_conv2d's epilogue does to the bit. Only where PixelMajorDepthwise::Applies runs (AVX2).
// epi's bias, clamp and hard_swish as a GEMM column stage (its `finish` unused; no residual).
inline internal::GemmColumnStage ColumnStageOf(const DepthwiseEpilogue<float>& epi) {
  internal::GemmColumnStage stage;
  stage.bias = epi.bias;
  stage.low = epi.low;
  stage.high = epi.high;
  stage.hard_swish = epi.hard_swish;
  return stage;
}

class PixelMajorEpilogue : public internal::GemmEpilogue {
 public:
  PixelMajorEpilogue(const float* c, int64_t channels, const DepthwiseEpilogue<float>& epi)
      : c_(c), channels_(channels), stage_(ColumnStageOf(epi)) {}
  void Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const override;
  // Apply's bias, clamp and hard_swish per column (channel), for a GEMM whose columns are the
  // `channels` channels.
  const internal::GemmColumnStage* ColumnStage() const override { return &stage_; }

 private:
  [[maybe_unused]] const float* c_;
  [[maybe_unused]] int64_t channels_;
  internal::GemmColumnStage stage_;  // epi's bias, clamp and hard_swish (its `finish` unused)
};

}  // namespace funcs
}  // namespace phi
