// squeeze2 / unsqueeze2 written once for both backends: Out is a view of X's storage (CPU or
// device) with the dims InferMeta computed from axes.
#pragma once

#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/squeeze_kernel.h"

namespace phi {

template <typename T, typename Context>
void SqueezeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& axes,
                   DenseTensor* out) {
  funcs::ShareAsView(x, out, "squeeze2's Out");
}

template <typename T, typename Context>
void UnsqueezeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& axes,
                     DenseTensor* out) {
  funcs::ShareAsView(x, out, "unsqueeze2's Out");
}

}  // namespace phi
