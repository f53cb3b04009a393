// flatten (flatten_contiguous_range) on GPU: Out is a view of X's device storage with the
// dims InferMeta merged, as on the CPU.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/flatten_kernel.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void FlattenKernel(const Context& dev_ctx, const DenseTensor& x, int start_axis, int stop_axis,
                   DenseTensor* out) {
  funcs::ShareAsView(x, out, "flatten_contiguous_range's Out");
}

}  // namespace phi

PD_REGISTER_KERNEL(flatten, GPU, phi::FlattenKernel, float, double, int32_t, int64_t, bool,
                   uint8_t, phi::float16, phi::bfloat16);
