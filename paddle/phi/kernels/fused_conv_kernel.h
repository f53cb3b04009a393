// fused_conv2d: the convolution that conv_elementwise_add_act_fuse_pass makes of conv2d (+
// elementwise_add of a per-channel bias) (+ elementwise_add of a residual) (+ relu / relu6):
// Output = act(conv2d(Input, Filter) + Bias + ResidualData). Inference only.
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
                       bool fuse_residual_connection, DenseTensor* out);

}  // namespace phi
