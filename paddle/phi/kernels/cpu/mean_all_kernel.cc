#include "paddle/phi/kernels/mean_all_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void MeanAllKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  const T* in = x.data<T>();
  const int64_t n = x.numel();
  double sum = 0;  // accumulate wide: float sums of many elements drift
  for (int64_t i = 0; i < n; ++i) sum += static_cast<double>(in[i]);
  out->Resize(DDim());
  T* result = dev_ctx.template Alloc<T>(out);
  result[0] = static_cast<T>(sum / static_cast<double>(n));  // NaN for an empty x
}

}  // namespace phi

PD_REGISTER_KERNEL(mean_all, CPU, phi::MeanAllKernel, float, double);
