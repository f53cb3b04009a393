#include "paddle/phi/kernels/squeeze_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

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

PD_REGISTER_KERNEL(squeeze, CPU, phi::SqueezeKernel, float, double, int32_t, int64_t, bool,
                   uint8_t);
PD_REGISTER_KERNEL(unsqueeze, CPU, phi::UnsqueezeKernel, float, double, int32_t, int64_t, bool,
                   uint8_t);
