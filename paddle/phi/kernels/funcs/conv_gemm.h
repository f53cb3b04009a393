// Convolution as one packed GEMM per group, with the sliding windows packed straight from the
// images (implicit im2col): out_g[M, batch * pixels] = filter_g[M, K] @ windows[K, ...], K =
// C/g * KH * KW. Unit-stride convolutions with few output channels and long rows instead read
// the windows in place from a zero-padded copy of each image (one GEMM per image and group).
// Used for float where the packed GEMM runs (sgemm_packed.h).
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/kernels/funcs/conv_util.h"
#include "paddle/phi/kernels/funcs/im2col.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"

namespace phi {
namespace funcs {

// op(B) of the convolution GEMM: entry (r, j) with r = (c * KH + kh) * KW + kw and j =
// image * pixels + oh * OW + ow is image[image][c][oh * sh - pt + kh * dh][ow * sw - pl + kw *
// dw], zero where that reads padding. Images are `image_stride` floats apart. With
// `channel_scale` (1x1 windows only: IsPointwise), entry (c, j) is that value times
// channel_scale[image * scale_stride + c], rounded once, as elementwise_mul rounds it.
class ConvWindowsB : public internal::GemmBSource {
 public:
  ConvWindowsB(const float* images, int64_t image_stride, const ConvPlane& p,
               const float* channel_scale = nullptr, int64_t scale_stride = 0)
      : images_(images),
        image_stride_(image_stride),
        p_(p),
        channel_scale_(channel_scale),
        scale_stride_(scale_stride) {}
  void Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, float* dst) const override;

 private:
  const float* images_;
  int64_t image_stride_;
  ConvPlane p_;
  const float* channel_scale_;
  int64_t scale_stride_;
};

// Whether PackedConvForward runs this convolution as Input x Filter^T through the GEMM's
// few-rows path (1x1 convolutions of a few 1x1 images: squeeze-excitation layers), which reads
// the filter as stored: no packed filter is wanted for it.
inline bool ConvIsFewImagesOfOnePixel(const ConvPlane& p, int64_t batch, int64_t groups) {
  return groups == 1 && IsPointwise(p) && p.in_h == 1 && p.in_w == 1 &&
         batch <= internal::kGemmFewRows;
}

// Whether PackedConvForward takes a channel scale for this convolution: a 1x1 convolution of one
// group whose windows it packs (not ConvIsFewImagesOfOnePixel).
inline bool ConvTakesChannelScale(const ConvPlane& p, int64_t batch, int64_t groups) {
  return groups == 1 && IsPointwise(p) && !ConvIsFewImagesOfOnePixel(p, batch, groups);
}

// The forward convolution of `batch` NCHW images (float), groups as in conv2d: out is [batch,
// out_channels, out_h, out_w]; filter [out_channels, in_channels / groups, KH, KW]. `epilogue`
// (may be null) finishes the outputs as they are computed (fused_conv2d's bias, residual and
// activation), with c pointing into `out`. `packed_filter` (may be null) is the filter packed
// ahead, one matrix per group (FrozenPackedFilter). `channel_scale` (may be null; only where
// ConvTakesChannelScale) is [batch, in_channels]: the convolution is then that of input times
// it, broadcast over each channel's plane (a squeeze-excitation gate), with each product rounded
// as elementwise_mul rounds it, so the result is the two ops' to the bit; the products are
// made as the windows are packed and never stored whole.
void PackedConvForward(const float* input, const float* filter, int64_t batch, int64_t in_channels,
                       int64_t out_channels, int64_t groups, const ConvPlane& p, float* out,
                       const internal::GemmEpilogue* epilogue = nullptr,
                       const std::vector<internal::GemmPackedA>* packed_filter = nullptr,
                       const float* channel_scale = nullptr);

}  // namespace funcs
}  // namespace phi
