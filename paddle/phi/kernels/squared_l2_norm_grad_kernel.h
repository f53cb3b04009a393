// squared_l2_norm_grad: dx = 2 x dout[0].
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SquaredL2NormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                             DenseTensor* dx);

}  // namespace phi
