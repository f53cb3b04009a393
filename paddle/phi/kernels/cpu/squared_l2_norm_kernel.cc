#include "paddle/phi/kernels/squared_l2_norm_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void SquaredL2NormKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  const T* in = x.data<T>();
  double sum = 0;  // wide accumulation: a gradient has many elements
  for (int64_t i = 0, n = x.numel(); i < n; ++i) sum += static_cast<double>(in[i]) * in[i];
  out->Resize(DDim({1}));
  dev_ctx.template Alloc<T>(out)[0] = static_cast<T>(sum);
}

}  // namespace phi

PD_REGISTER_KERNEL(squared_l2_norm, CPU, phi::SquaredL2NormKernel, float, double);
