#include "paddle/phi/kernels/log_softmax_grad_kernel.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {

template <typename T, typename Context>
void LogSoftmaxGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                          int axis, DenseTensor* dx) {
  if (dx == nullptr) return;
  PD_CHECK(out.dims() == dout.dims(), InvalidArgument, "expected log_softmax_grad's Out@GRAD to "
           "have Out's dims ", out.dims(), ", but got ", dout.dims());
  PD_CHECK(dx->numel() == out.numel(), InvalidArgument, "expected log_softmax_grad's X@GRAD to "
           "have Out's dims ", out.dims(), ", but got ", dx->dims());
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(out.dims(), axis);
  const DenseTensor out_in = out;  // read across the axis: dx gets storage of its own
  const DenseTensor d_in = dout;
  T* result = funcs::AllocUnaliased<T>(dev_ctx, dx, {&out_in, &d_in});
  const int64_t n = s.axis_extent, inner = s.inner;
  if (n == 0 || out_in.numel() == 0) return;
  const T* y = out_in.data<T>();
  const T* g = d_in.data<T>();
  std::vector<T> sum(inner);
  for (int64_t o = 0; o < s.outer; ++o) {
    const int64_t base = o * n * inner;
    std::fill(sum.begin(), sum.end(), T(0));
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < inner; ++i) sum[i] += g[base + j * inner + i];
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t at = base + j * inner + i;
        result[at] = g[at] - std::exp(y[at]) * sum[i];
      }
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(log_softmax_grad, CPU, phi::LogSoftmaxGradKernel, float, double);
