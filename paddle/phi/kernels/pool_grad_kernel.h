// pool2d_grad: max pooling routes each output gradient to the first maximal element of its
// window (the element Out took), average pooling spreads it evenly. Out is read for its shape.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void Pool2dGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                      const DenseTensor& out_grad, const std::string& pooling_type,
                      const std::vector<int>& ksize, bool global_pooling,
                      const std::vector<int>& strides, const std::vector<int>& paddings,
                      bool exclusive, bool adaptive, bool ceil_mode,
                      const std::string& data_format, const std::string& padding_algorithm,
                      DenseTensor* x_grad);

}  // namespace phi
