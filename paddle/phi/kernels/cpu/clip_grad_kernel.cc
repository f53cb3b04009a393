#include "paddle/phi/kernels/clip_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/clip_kernel.h"

namespace phi {

template <typename T, typename Context>
void ClipGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    double min, double max, DenseTensor* dx) {
  if (dx == nullptr) return;
  const T low = BoundAs<T>(min, "Min");
  const T high = BoundAs<T>(max, "Max");
  PD_CHECK(dout.numel() == x.numel() && dx->numel() == x.numel(), InvalidArgument,
           "expected clip_grad's Out@GRAD and X@GRAD to have X's dims ", x.dims(), ", but got ",
           dout.dims(), " and ", dx->dims());
  const DenseTensor x_in = x;  // elementwise: X@GRAD may share storage with X or Out@GRAD
  const DenseTensor d_in = dout;
  const T* v = x_in.data<T>();
  const T* d = d_in.data<T>();
  T* g = dev_ctx.template Alloc<T>(dx);
  for (int64_t i = 0, n = x_in.numel(); i < n; ++i)
    g[i] = (low <= v[i] && v[i] <= high) ? d[i] : T(0);
}

}  // namespace phi

PD_REGISTER_KERNEL(clip_grad, CPU, phi::ClipGradKernel, float, double);
