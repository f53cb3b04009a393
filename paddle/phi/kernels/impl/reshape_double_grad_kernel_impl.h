// reshape2_grad_grad written once for both backends: DDOut is DDX viewed with DOut's dims (no
// copy).
#pragma once

#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/reshape_double_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void ReshapeDoubleGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                             const DenseTensor& ddx, DenseTensor* ddout) {
  if (ddout == nullptr) return;
  ddout->Resize(dout.dims());
  funcs::ShareAsView(ddx, ddout, "reshape2_grad_grad's DDOut");
}

}  // namespace phi
