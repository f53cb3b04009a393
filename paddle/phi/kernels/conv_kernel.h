// conv2d (also depthwise_conv2d, the same kernel): Output = Input convolved with Filter,
// computed per group as im2col + one BLAS GEMM. Input is NCHW (or NHWC), Filter [M, C/g, KH, KW].
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ConvKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& filter,
                const std::vector<int>& strides, const std::vector<int>& paddings,
                const std::string& padding_algorithm, const std::vector<int>& dilations,
                int groups, const std::string& data_format, DenseTensor* out);

}  // namespace phi
