// conv2d_grad_grad (also depthwise_conv2d_grad_grad): the grad of conv2d_grad. conv2d is
// bilinear in Input and Filter, so with DDInput / DDFilter the gradients arriving at
// conv2d_grad's Input@GRAD / Filter@GRAD (each optional: absent means zero):
//   DDOutput = conv2d(DDInput, Filter) + conv2d(Input, DDFilter)  (the gradient of DOutput)
//   DInput   = conv2d_grad(Input, DDFilter, DOutput)'s Input gradient
//   DFilter  = conv2d_grad(DDInput, Filter, DOutput)'s Filter gradient
// through conv2d's own kernels. Any output may be null (not wanted).
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ConvDoubleGradKernel(const Context& dev_ctx, const DenseTensor& input,
                          const DenseTensor& filter, const DenseTensor& dout,
                          const DenseTensor* ddinput, const DenseTensor* ddfilter,
                          const std::vector<int>& strides, const std::vector<int>& paddings,
                          const std::string& padding_algorithm, const std::vector<int>& dilations,
                          int groups, const std::string& data_format, DenseTensor* ddout,
                          DenseTensor* dinput, DenseTensor* dfilter);

}  // namespace phi
