// gather_grad: Out@GRAD scattered back into zeros of X's dims, accumulating where Index repeats
// a position. X supplies only dims (its data is never read); dx may be nullptr.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void GatherGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index,
                      const DenseTensor& dout, int axis, DenseTensor* dx);

}  // namespace phi
