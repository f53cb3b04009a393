// softmax_grad: dx = out * (dout - sum(dout * out)) along the softmax axis, computed from
// the forward output alone.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SoftmaxGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                       int axis, DenseTensor* dx);

}  // namespace phi
