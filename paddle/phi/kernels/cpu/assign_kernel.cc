#include "paddle/phi/kernels/assign_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void AssignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  if (out == &x) return;
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected assign's Out to have ", x.numel(),
           " elements like X ", x.dims(), ", but Out has dims ", out->dims());
  const DenseTensor input = x;  // keeps X's storage alive if Out shared and replaces it
  const T* src = input.data<T>();
  T* dst = dev_ctx.template Alloc<T>(out);
  if (dst != src) std::copy(src, src + input.numel(), dst);
}

}  // namespace phi

PD_REGISTER_KERNEL(assign, CPU, phi::AssignKernel, float, double, int32_t, int64_t, bool);
