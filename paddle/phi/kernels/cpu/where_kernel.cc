#include "paddle/phi/kernels/where_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void WhereKernel(const Context& dev_ctx, const DenseTensor& condition, const DenseTensor& x,
                 const DenseTensor& y, DenseTensor* out) {
  PD_CHECK(condition.numel() == x.numel() && x.numel() == y.numel(), InvalidArgument,
           "expected where's Condition, X and Y to have one shape, but got ", condition.dims(),
           ", ", x.dims(), " and ", y.dims());
  const DenseTensor c_in = condition, x_in = x, y_in = y;  // Out may share X's or Y's variable
  const bool* c = c_in.data<bool>();
  const T* a = x_in.data<T>();
  const T* b = y_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  for (int64_t i = 0, n = x_in.numel(); i < n; ++i) result[i] = c[i] ? a[i] : b[i];
}

template <typename T, typename Context>
void WhereGradKernel(const Context& dev_ctx, const DenseTensor& condition, const DenseTensor& dout,
                     DenseTensor* dx, DenseTensor* dy) {
  const DenseTensor d_in = dout;
  const bool* c = condition.data<bool>();
  const T* g = d_in.data<T>();
  const int64_t n = d_in.numel();
  if (dx != nullptr) {
    T* r = dev_ctx.template Alloc<T>(dx);
    for (int64_t i = 0; i < n; ++i) r[i] = c[i] ? g[i] : T(0);
  }
  if (dy != nullptr) {
    T* r = dev_ctx.template Alloc<T>(dy);
    for (int64_t i = 0; i < n; ++i) r[i] = c[i] ? T(0) : g[i];
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(where, CPU, phi::WhereKernel, float, double, int32_t, int64_t, bool);
PD_REGISTER_KERNEL(where_grad, CPU, phi::WhereGradKernel, float, double);
