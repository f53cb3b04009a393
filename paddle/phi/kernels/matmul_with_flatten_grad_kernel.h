// matmul_with_flatten_grad: gradients of matmul_with_flatten in x's and y's own dims; dx
// or dy may be null (not wanted).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MatmulWithFlattenGradKernel(const Context& dev_ctx, const DenseTensor& x,
                                 const DenseTensor& y, const DenseTensor& dout,
                                 int x_num_col_dims, int y_num_col_dims, DenseTensor* dx,
                                 DenseTensor* dy);

}  // namespace phi
