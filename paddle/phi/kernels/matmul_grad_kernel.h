// matmul_grad: gradients of matmul, each summed over the batch dims its input was
// broadcast along so it takes that input's shape. dx or dy may be null (not wanted).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MatmulGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                      const DenseTensor& dout, bool trans_x, bool trans_y, DenseTensor* dx,
                      DenseTensor* dy);

}  // namespace phi
