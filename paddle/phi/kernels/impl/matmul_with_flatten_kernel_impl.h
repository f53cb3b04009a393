// matmul_with_flatten (mul) written once for both backends: X flattened at x_num_col_dims times
// Y flattened at y_num_col_dims, one funcs::GemmWeightsB (Y is a layer's weights).
#pragma once

#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/matmul_with_flatten_kernel.h"

namespace phi {

template <typename T, typename Context>
void MatmulWithFlattenKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                             int x_num_col_dims, int y_num_col_dims, DenseTensor* out) {
  out->Resize(ComputeMatmulWithFlattenDims(x.dims(), y.dims(), x_num_col_dims, y_num_col_dims));
  T* result = dev_ctx.template Alloc<T>(out);
  const DDim x_2d = flatten_to_2d(x.dims(), x_num_col_dims);
  const DDim y_2d = flatten_to_2d(y.dims(), y_num_col_dims);
  funcs::GemmWeightsB(dev_ctx, false, false, x_2d[0], y_2d[1], x_2d[1], x.data<T>(), y, result);
}

}  // namespace phi
