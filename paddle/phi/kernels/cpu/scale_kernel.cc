#include "paddle/phi/kernels/scale_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/device_context.h"

namespace phi {

template <typename T, typename Context>
void ScaleKernel(const Context& dev_ctx, const DenseTensor& x, float scale, float bias,
                 bool bias_after_scale, DenseTensor* out) {
  const T* in = x.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  const int64_t n = x.numel();
  const T s = static_cast<T>(scale);
  const T b = static_cast<T>(bias);
  if (bias_after_scale) {
    for (int64_t i = 0; i < n; ++i) result[i] = s * in[i] + b;
  } else {
    for (int64_t i = 0; i < n; ++i) result[i] = s * (in[i] + b);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(scale, CPU, phi::ScaleKernel, float, double, int32_t, int64_t);
