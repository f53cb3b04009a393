// Grads of the view kernels squeeze, unsqueeze and flatten, written once for both backends:
// X@GRAD is a view of Out@GRAD's storage with X's dims (from XShape).
#pragma once

#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/squeeze_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void SqueezeGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx) {
  if (dx != nullptr) funcs::ShareAsView(dout, dx, "squeeze2_grad's X@GRAD");
}

template <typename T, typename Context>
void UnsqueezeGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx) {
  if (dx != nullptr) funcs::ShareAsView(dout, dx, "unsqueeze2_grad's X@GRAD");
}

template <typename T, typename Context>
void FlattenGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx) {
  if (dx != nullptr) funcs::ShareAsView(dout, dx, "flatten_contiguous_range_grad's X@GRAD");
}

}  // namespace phi
