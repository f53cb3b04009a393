// matmul_with_flatten (legacy op mul): x flattened to 2-D at x_num_col_dims times y
// flattened at y_num_col_dims; out dims are x.dims[:x_num_col_dims] + y.dims[y_num_col_dims:].
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MatmulWithFlattenKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                             int x_num_col_dims, int y_num_col_dims, DenseTensor* out);

}  // namespace phi
