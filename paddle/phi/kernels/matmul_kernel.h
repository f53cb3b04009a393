// matmul (legacy op matmul_v2): numpy-style matrix product with optional transposes of the
// last two dims, 1-D operands as vectors, and broadcast batch dims.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MatmulKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                  bool trans_x, bool trans_y, DenseTensor* out);

}  // namespace phi
