// Grads of the view kernels squeeze, unsqueeze and flatten: X@GRAD is a view of Out@GRAD with
// X's dims, which the grad InferMeta reads from XShape. dx may be nullptr when not wanted.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SqueezeGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx);

template <typename T, typename Context>
void UnsqueezeGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx);

template <typename T, typename Context>
void FlattenGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx);

}  // namespace phi
