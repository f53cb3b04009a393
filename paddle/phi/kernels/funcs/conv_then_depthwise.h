// A convolution over few input channels (a network's stem: 3x3 / 2 over an RGB image) followed by
// a depthwise convolution of its output, computed a few rows at a time so that the first
// convolution's output, the largest activation of a MobileNet, is never stored whole. Float,
// AVX2 + FMA; internal to the kernel library (fused_conv_depthwise's CPU kernel).
#pragma once

#include <cstdint>

#include "paddle/phi/core/thread_pool.h"
#include "paddle/phi/kernels/funcs/depthwise_conv.h"
#include "paddle/phi/kernels/funcs/im2col.h"

namespace phi {
namespace funcs {

// The two convolutions: `conv` (one group) maps in_channels to `channels`, `dw` convolves each
// of those channels with its own filter (its in_h / in_w are conv's out_h / out_w).
struct ConvThenDepthwisePlanes {
  int64_t in_channels = 0;
  int64_t channels = 0;
  ConvPlane conv, dw;
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

}  // namespace funcs
}  // namespace phi
