// reshape2_grad_grad: the grad of the reshaping grads (reshape2_grad, squeeze2_grad,
// unsqueeze2_grad, flatten_contiguous_range_grad), which only view Out@GRAD with X's dims; so
// DDOut is DDX viewed with DOut's dims (DOut's data is never read).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ReshapeDoubleGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                             const DenseTensor& ddx, DenseTensor* ddout);

}  // namespace phi
