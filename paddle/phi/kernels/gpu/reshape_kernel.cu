// reshape (reshape2) on GPU: as on the CPU, Out is a view of X's device storage with the new
// dims; nothing is copied or launched.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
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

PD_REGISTER_KERNEL(reshape, GPU, phi::ReshapeKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
