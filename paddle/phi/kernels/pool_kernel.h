// pool2d: max or average pooling over 2-D windows (explicit, SAME or VALID padding, ceil mode,
// global and adaptive windows). Averages count only in-image elements when exclusive.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void Pool2dKernel(const Context& dev_ctx, const DenseTensor& x, const std::string& pooling_type,
                  const std::vector<int>& ksize, bool global_pooling,
                  const std::vector<int>& strides, const std::vector<int>& paddings,
                  bool exclusive, bool adaptive, bool ceil_mode, const std::string& data_format,
                  const std::string& padding_algorithm, DenseTensor* out);

}  // namespace phi
