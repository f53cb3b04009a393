// reshape_grad written once for both backends: X@GRAD is a view of Out@GRAD's storage (CPU or
// device) with X's dims, which InferMeta set from XShape.
#pragma once

#include "paddle/phi/kernels/reshape_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void ReshapeGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx) {
  const DDim dx_dims = dx->dims();  // set by ReshapeGradInferMeta from XShape
  PD_CHECK(dx_dims.numel() == dout.numel(), InvalidArgument,
           "expected reshape_grad's X@GRAD dims (from XShape) to hold Out@GRAD's ",
           dout.numel(), " elements, but got X@GRAD ", dx_dims, " and Out@GRAD ", dout.dims());
  if (dx != &dout) dx->ShareBufferWith(dout);
  dx->Resize(dx_dims);
  dx->set_dtype(dout.dtype());
  dx->set_layout(dout.layout());
}

}  // namespace phi
