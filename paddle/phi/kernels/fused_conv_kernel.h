// fused_conv2d: the convolution that conv_elementwise_add_act_fuse_pass makes of conv2d (+
// elementwise_add of a per-channel bias) (+ elementwise_add of a residual) (+ relu / relu6):
// Output = act(conv2d(Input, Filter) + Bias + ResidualData). Inference only. `output_format`
// ("" for data_format's; conv_layout_pass sets it) is Output's and ResidualData's layout: the CPU
// kernel reads NHWC and writes NCHW or back, a 1x1 float layer as a GEMM of the pixels.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void FusedConv2dKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                       const DenseTensor* bias, const DenseTensor* residual,
                       const std::vector<int>& strides, const std::vector<int>& paddings,
                       const std::string& padding_algorithm, const std::vector<int>& dilations,
                       int groups, const std::string& data_format,
                       const std::string& fuse_activation, float fuse_beta,
                       bool fuse_residual_connection, const std::string& output_format,
                       DenseTensor* out);

// fused_scaled_conv2d (scaled_conv_fuse_pass): fused_conv2d of Input times InputScale [N or 1,
// C, 1, 1] (a squeeze-excitation gate), the product as elementwise_mul rounds it. The float kernel
// makes the products as it packs a 1x1 convolution's input, never storing them whole.
// Inference only.
template <typename T, typename Context>
void FusedScaledConv2dKernel(const Context& dev_ctx, const DenseTensor& input,
                             const DenseTensor& input_scale, const DenseTensor& filter,
                             const DenseTensor* bias, const DenseTensor* residual,
                             const std::vector<int>& strides, const std::vector<int>& paddings,
                             const std::string& padding_algorithm,
                             const std::vector<int>& dilations, int groups,
                             const std::string& data_format, const std::string& fuse_activation,
                             float fuse_beta, bool fuse_residual_connection, DenseTensor* out);

// fused_mbconv (mbconv_fuse_pass): fused_conv2d three times, 1x1 or a stem (where ExpandFilter
// is given), depthwise, 1x1, the middle activations computed a band of rows at a time; with
// SqueezeFilter / ExciteFilter a squeeze-excitation gate (pool2d, fused_conv2d twice,
// hard_sigmoid) scales the depthwise output before the projection. data_format (Input and
// ResidualData) and output_format (Output) are NCHW or NHWC: the float kernel's pixel-major path
// reads and writes NHWC in place, the others go through NCHW copies. Inference only.
template <typename T, typename Context>
void FusedMbconvKernel(const Context& dev_ctx, const DenseTensor& input,
                       const DenseTensor* expand_filter, const DenseTensor* expand_bias,
                       const DenseTensor& depthwise_filter, const DenseTensor* depthwise_bias,
                       const DenseTensor& project_filter, const DenseTensor* project_bias,
                       const DenseTensor* residual, const DenseTensor* squeeze_filter,
                       const DenseTensor* squeeze_bias, const DenseTensor* excite_filter,
                       const DenseTensor* excite_bias, const std::vector<int>& strides,
                       const std::vector<int>& paddings, const std::string& padding_algorithm,
                       const std::vector<int>& dilations, const std::vector<int>& expand_strides,
                       const std::vector<int>& expand_paddings,
                       const std::string& expand_activation, float expand_beta,
                       const std::string& depthwise_activation, float depthwise_beta,
                       const std::string& project_activation, float project_beta,
                       const std::string& squeeze_activation, float squeeze_beta,
                       const std::string& excite_activation, float excite_beta, float gate_slope,
                       float gate_offset, const std::string& data_format,
                       const std::string& output_format, DenseTensor* out);

// fused_conv_depthwise (conv_depthwise_fuse_pass): fused_conv2d (one group), then a depthwise
// fused_conv2d of its output; the float kernel computes the first output a few rows at a time,
// never storing it whole. Inference only.
template <typename T, typename Context>
void FusedConvDepthwiseKernel(
    const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
    const DenseTensor* bias, const DenseTensor& depthwise_filter, const DenseTensor* depthwise_bias,
    const std::vector<int>& strides, const std::vector<int>& paddings,
    const std::string& padding_algorithm, const std::vector<int>& dilations,
    const std::string& fuse_activation, float fuse_beta, const std::vector<int>& depthwise_strides,
    const std::vector<int>& depthwise_paddings, const std::string& depthwise_padding_algorithm,
    const std::vector<int>& depthwise_dilations, const std::string& depthwise_activation,
    float depthwise_beta, DenseTensor* out);

}  // namespace phi
