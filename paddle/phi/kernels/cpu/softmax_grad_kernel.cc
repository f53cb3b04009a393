#include "paddle/phi/kernels/softmax_grad_kernel.h"

#include <algorithm>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {

template <typename T, typename Context>
void SoftmaxGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                       int axis, DenseTensor* dx) {
  PD_CHECK(out.dims() == dout.dims(), InvalidArgument,
           "expected softmax's Out@GRAD to have Out's dims, but got Out ", out.dims(),
           " and Out@GRAD ", dout.dims());
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(out.dims(), axis);
  dx->Resize(out.dims());
  T* result = dev_ctx.template Alloc<T>(dx);
  const T* y = out.data<T>();
  const T* g = dout.data<T>();
  const int64_t n = s.axis_extent, inner = s.inner;
  if (out.numel() == 0) return;  // nothing to visit, however long the other extents
  std::vector<T> dot(inner);
  for (int64_t o = 0; o < s.outer; ++o) {
    const int64_t base = o * n * inner;
    std::fill(dot.begin(), dot.end(), T(0));
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < inner; ++i) dot[i] += y[base + j * inner + i] * g[base + j * inner + i];
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t at = base + j * inner + i;
        result[at] = y[at] * (g[at] - dot[i]);
      }
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(softmax_grad, CPU, phi::SoftmaxGradKernel, float, double);
