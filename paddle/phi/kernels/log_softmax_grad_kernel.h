// log_softmax_grad: dx = dout - exp(out) * sum(dout) along `axis`, from the forward output.
// dx may be nullptr when not wanted.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void LogSoftmaxGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                          int axis, DenseTensor* dx);

}  // namespace phi
