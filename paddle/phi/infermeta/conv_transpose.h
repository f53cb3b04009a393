// InferMeta of conv2d_transpose / depthwise_conv2d_transpose, plus the geometry their kernels
// (and conv3d_transpose's, whose data_format NCDHW / NDHWC selects three spatial axes) share
// with it, so that build-time and run-time shape checks agree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Input is [N, C, H, W] (or [N, H, W, C] when channels_last), Filter [C, M / groups, KH, KW],
// Output [N, M, OH, OW] (or [N, OH, OW, M]); with a leading D axis for 3-D data (spatial == 3).
// Per spatial axis i: in[i], kernel[i], stride[i], dilation[i], pad_before[i] and out[i] (-1
// when in[i] is unknown).
struct ConvTransposeGeometry {
  int64_t batch = 0;
  int64_t in_channels = 0;
  int64_t out_channels = 0;
  int64_t groups = 1;
  bool channels_last = false;
  int spatial = 2;
  int64_t in[3] = {0, 0, 0};
  int64_t out[3] = {0, 0, 0};
  int64_t kernel[3] = {1, 1, 1};
  int64_t stride[3] = {1, 1, 1};
  int64_t dilation[3] = {1, 1, 1};
  int64_t pad_before[3] = {0, 0, 0};
  DDim out_dims;
};

// Validates the attributes and shapes (InvalidArgument) as PaddlePaddle does: out =
// (in - 1) * stride - pad_before - pad_after + dilation * (kernel - 1) + 1, then output_size
// (in [out, out + stride)) replaces it or output_padding (in [0, max(stride, dilation))) is
// added. "SAME" pads as conv2d would for ceil(in / stride) outputs with dilation 1. data_format
// NCHW / NHWC / AnyLayout means 2 spatial axes, NCDHW / NDHWC 3.
ConvTransposeGeometry ComputeConvTransposeGeometry(
    const DDim& input, const DDim& filter, const std::vector<int>& strides,
    const std::vector<int>& paddings, const std::vector<int>& output_padding,
    const std::vector<int>& output_size, const std::string& padding_algorithm, int groups,
    const std::vector<int>& dilations, const std::string& data_format, const char* op);

void ConvTransposeInferMeta(const MetaTensor& input, const MetaTensor& filter,
                            const std::vector<int>& strides, const std::vector<int>& paddings,
                            const std::vector<int>& output_padding,
                            const std::vector<int>& output_size,
                            const std::string& padding_algorithm, int groups,
                            const std::vector<int>& dilations, const std::string& data_format,
                            MetaTensor* out);

}  // namespace phi
