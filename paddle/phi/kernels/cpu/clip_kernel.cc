#include "paddle/phi/kernels/clip_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void ClipKernel(const Context& dev_ctx, const DenseTensor& x, double min, double max,
                DenseTensor* out) {
  const T low = BoundAs<T>(min, "Min");
  const T high = BoundAs<T>(max, "Max");
  PD_CHECK(!(high < low), InvalidArgument, "expected clip's min <= max, but got min ", low,
           " and max ", high);
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected clip's Out to have X's dims ",
           x.dims(), ", but got ", out->dims());
  const DenseTensor x_in = x;  // elementwise: Out may share X's storage
  const T* src = x_in.data<T>();
  T* dst = dev_ctx.template Alloc<T>(out);
  for (int64_t i = 0, n = x_in.numel(); i < n; ++i)
    dst[i] = src[i] < low ? low : (high < src[i] ? high : src[i]);
}

}  // namespace phi

PD_REGISTER_KERNEL(clip, CPU, phi::ClipKernel, float, double, int32_t, int64_t);
