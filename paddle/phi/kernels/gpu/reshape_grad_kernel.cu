// reshape_grad on GPU: X@GRAD is a view of Out@GRAD's device storage with X's dims (set by
// InferMeta from XShape), as on the CPU.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
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

PD_REGISTER_KERNEL(reshape_grad, GPU, phi::ReshapeGradKernel, float, double, int32_t, int64_t,
                   bool, phi::float16, phi::bfloat16);
