#include "paddle/phi/kernels/expand_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/repeat.h"

namespace phi {

template <typename T, typename Context>
void RepeatKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X alive should Out share its variable
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  funcs::ForEachRepeatIndex(x_in.dims(), out->dims(),
                            [&](int64_t o, int64_t i) { result[o] = in[i]; });
}

template <typename T, typename Context>
void RepeatGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx) {
  if (dx == nullptr) return;
  const DenseTensor d_in = dout;
  const T* g = d_in.data<T>();
  dx->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  std::fill(result, result + dx->numel(), T(0));
  funcs::ForEachRepeatIndex(x.dims(), d_in.dims(), [&](int64_t o, int64_t i) { result[i] += g[o]; });
}

}  // namespace phi

PD_REGISTER_KERNEL(repeat, CPU, phi::RepeatKernel, float, double, int32_t, int64_t, bool);
PD_REGISTER_KERNEL(repeat_grad, CPU, phi::RepeatGradKernel, float, double);
