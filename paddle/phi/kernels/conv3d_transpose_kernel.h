// conv3d_transpose and its grad: the adjoint of conv3d with respect to its input. Input is
// NCDHW (or NDHWC), Filter [C, M / groups, KD, KH, KW]; per image and group,
// col = Filter_g^T @ Input_g (funcs::Gemm) is scattered into Output by col2vol, and the grads
// take vol2col of Output@GRAD.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void Conv3dTransposeKernel(const Context& dev_ctx, const DenseTensor& input,
                           const DenseTensor& filter, const std::vector<int>& strides,
                           const std::vector<int>& paddings, const std::vector<int>& output_padding,
                           const std::vector<int>& output_size,
                           const std::string& padding_algorithm, int groups,
                           const std::vector<int>& dilations, const std::string& data_format,
                           DenseTensor* out);

template <typename T, typename Context>
void Conv3dTransposeGradKernel(const Context& dev_ctx, const DenseTensor& input,
                               const DenseTensor& filter, const DenseTensor& out_grad,
                               const std::vector<int>& strides, const std::vector<int>& paddings,
                               const std::vector<int>& output_padding,
                               const std::vector<int>& output_size,
                               const std::string& padding_algorithm, int groups,
                               const std::vector<int>& dilations, const std::string& data_format,
                               DenseTensor* input_grad, DenseTensor* filter_grad);

}  // namespace phi
