// Grads of the view kernels squeeze, unsqueeze and flatten on GPU: X@GRAD is a view of
// Out@GRAD's device storage with X's dims (from XShape), as on the CPU.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/squeeze_grad_kernel.h"

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

PD_REGISTER_KERNEL(squeeze_grad, GPU, phi::SqueezeGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(unsqueeze_grad, GPU, phi::UnsqueezeGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(flatten_grad, GPU, phi::FlattenGradKernel, float, double, phi::float16,
                   phi::bfloat16);
