// pool2d_grad_grad: the grad of average pooling's pool2d_grad, which is linear in Out@GRAD
// alone: DDOut is DDX (X here) average-pooled the same way. Max pooling is refused.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void Pool2dDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x,
                            const std::string& pooling_type, const std::vector<int>& ksize,
                            bool global_pooling, const std::vector<int>& strides,
                            const std::vector<int>& paddings, bool exclusive, bool adaptive,
                            bool ceil_mode, const std::string& data_format,
                            const std::string& padding_algorithm, DenseTensor* out);

}  // namespace phi
