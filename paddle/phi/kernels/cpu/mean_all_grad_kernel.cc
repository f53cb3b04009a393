#include "paddle/phi/kernels/mean_all_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void MeanAllGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                       DenseTensor* dx) {
  PD_CHECK(dout.numel() == 1, InvalidArgument,
           "expected mean_all's Out@GRAD to hold one element, but got dims ", dout.dims());
  dx->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  const int64_t n = x.numel();
  const T value = static_cast<T>(static_cast<double>(dout.data<T>()[0]) / static_cast<double>(n));
  for (int64_t i = 0; i < n; ++i) result[i] = value;
}

}  // namespace phi

PD_REGISTER_KERNEL(mean_all_grad, CPU, phi::MeanAllGradKernel, float, double);
