// pool2d double grad written once for both backends: average pooling is linear, so its double
// grad is the pooling itself.
#pragma once

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/pool_double_grad_kernel.h"
#include "paddle/phi/kernels/pool_kernel.h"

namespace phi {

template <typename T, typename Context>
void Pool2dDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x,
                            const std::string& pooling_type, const std::vector<int>& ksize,
                            bool global_pooling, const std::vector<int>& strides,
                            const std::vector<int>& paddings, bool exclusive, bool adaptive,
                            bool ceil_mode, const std::string& data_format,
                            const std::string& padding_algorithm, DenseTensor* out) {
  PD_CHECK(pooling_type == "avg", Unimplemented,
           "expected pool2d_grad_grad's pooling_type to be 'avg', but got '", pooling_type, "'");
  Pool2dKernel<T, Context>(dev_ctx, x, pooling_type, ksize, global_pooling, strides, paddings,
                           exclusive, adaptive, ceil_mode, data_format, padding_algorithm, out);
}

}  // namespace phi

