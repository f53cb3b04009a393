// reshape2_grad_grad on GPU: DDOut is DDX viewed with DOut's dims (no copy), as on the CPU.
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/reshape_double_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void ReshapeDoubleGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                             const DenseTensor& ddx, DenseTensor* ddout) {
  if (ddout == nullptr) return;
  ddout->Resize(dout.dims());
  funcs::ShareAsView(ddx, ddout, "reshape2_grad_grad's DDOut");
}

}  // namespace phi

PD_REGISTER_KERNEL(reshape_double_grad, GPU, phi::ReshapeDoubleGradKernel, float, double,
                   phi::float16, phi::bfloat16);
