// squeeze2 / unsqueeze2 on GPU: Out is a view of X's device storage with the dims InferMeta
// computed from axes, as on the CPU.
#include <vector>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/squeeze_kernel.h"

namespace phi {

template <typename T, typename Context>
void SqueezeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& axes,
                   DenseTensor* out) {
  funcs::ShareAsView(x, out, "squeeze2's Out");
}

template <typename T, typename Context>
void UnsqueezeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& axes,
                     DenseTensor* out) {
  funcs::ShareAsView(x, out, "unsqueeze2's Out");
}

}  // namespace phi

PD_REGISTER_KERNEL(squeeze, GPU, phi::SqueezeKernel, float, double, int32_t, int64_t, bool,
                   uint8_t, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(unsqueeze, GPU, phi::UnsqueezeKernel, float, double, int32_t, int64_t, bool,
                   uint8_t, phi::float16, phi::bfloat16);
