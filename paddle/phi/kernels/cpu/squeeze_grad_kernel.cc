#include "paddle/phi/kernels/squeeze_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void SqueezeGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx) {
  if (dx != nullptr) funcs::ShareAsView(dout, dx, "squeeze2_grad's X@GRAD");
}

template <typename T, typename Context>
void UnsqueezeGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx) {
  if (dx != nullptr) funcs::ShareAsView(dout, dx, "unsqueeze2_grad's X@GRAD");
}

template <typename T, typename Context>
void FlattenGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx) {
  if (dx != nullptr) funcs::ShareAsView(dout, dx, "flatten_contiguous_range_grad's X@GRAD");
}

}  // namespace phi

PD_REGISTER_KERNEL(squeeze_grad, CPU, phi::SqueezeGradKernel, float, double);
PD_REGISTER_KERNEL(unsqueeze_grad, CPU, phi::UnsqueezeGradKernel, float, double);
PD_REGISTER_KERNEL(flatten_grad, CPU, phi::FlattenGradKernel, float, double);
