// mean_all_grad: every element of dx is dout / numel(x); dout holds one element.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MeanAllGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                       DenseTensor* dx);

}  // namespace phi
