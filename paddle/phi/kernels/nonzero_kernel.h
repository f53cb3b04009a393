// nonzero (op where_index): the int64 coordinates of the nonzero (true) elements of a
// condition tensor, one row of rank entries each, in row-major order. Out's row count is
// known only here, so the kernel resizes Out.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void NonzeroKernel(const Context& dev_ctx, const DenseTensor& condition, DenseTensor* out);

}  // namespace phi
