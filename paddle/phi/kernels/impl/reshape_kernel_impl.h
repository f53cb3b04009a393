// reshape written once for both backends: Out is a view of X's storage (CPU or device) with
// the new dims; nothing is copied or launched.
#pragma once

#include "paddle/phi/infermeta/shape.h"
#include "paddle/phi/kernels/reshape_kernel.h"

namespace phi {

template <typename T, typename Context>
void ReshapeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& shape,
                   DenseTensor* out) {
  // Recomputed from x's run-time dims: a -1 that InferMeta left unknown is resolved here.
  const DDim out_dims = ComputeReshapeDims(x.dims(), shape);
  PD_CHECK(x.initialized() || x.numel() == 0, PreconditionNotMet,
           "expected reshape's X to hold data, but X ", x.dims(), " is not allocated");
  if (out != &x) out->ShareBufferWith(x);
  out->Resize(out_dims);
  out->set_dtype(x.dtype());
  out->set_layout(x.layout());
}

}  // namespace phi
