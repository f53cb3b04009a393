#include "paddle/phi/kernels/squared_l2_norm_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void SquaredL2NormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                             DenseTensor* dx) {
  if (dx == nullptr) return;
  PD_CHECK(dout.numel() == 1, InvalidArgument,
           "expected squared_l2_norm_grad's Out@GRAD to hold one element, but got dims ", dout.dims());
  const DenseTensor x_in = x;  // keeps X alive if dx shares its storage
  const T scale = T(2) * dout.data<T>()[0];
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(dx);
  for (int64_t i = 0, n = x_in.numel(); i < n; ++i) result[i] = scale * in[i];
}

}  // namespace phi

PD_REGISTER_KERNEL(squared_l2_norm_grad, CPU, phi::SquaredL2NormGradKernel, float, double);
