// reshape_grad: dx is a view of dout's storage with x's dims, which InferMeta set on dx
// from XShape (no copy).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ReshapeGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx);

}  // namespace phi
