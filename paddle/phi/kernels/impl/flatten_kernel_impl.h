// flatten_contiguous_range written once for both backends: Out is a view of X's storage (CPU or
// device) with the dims InferMeta merged.
#pragma once

#include "paddle/phi/kernels/flatten_kernel.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void FlattenKernel(const Context& dev_ctx, const DenseTensor& x, int start_axis, int stop_axis,
                   DenseTensor* out) {
  funcs::ShareAsView(x, out, "flatten_contiguous_range's Out");
}

}  // namespace phi
