#include "paddle/phi/kernels/log_softmax_kernel.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {

template <typename T, typename Context>
void LogSoftmaxKernel(const Context& dev_ctx, const DenseTensor& x, int axis, DenseTensor* out) {
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(x.dims(), axis);
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected log_softmax's Out to have X's "
           "dims ", x.dims(), ", but got ", out->dims());
  const DenseTensor x_in = x;  // X is read again after Out is written: no shared storage
  T* result = funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in});
  const int64_t n = s.axis_extent, inner = s.inner;
  if (n == 0 || x_in.numel() == 0) return;
  const T* in = x_in.data<T>();
  // Per outer slice, the inner positions run side by side so every pass is contiguous.
  std::vector<T> max_value(inner), log_sum(inner);
  for (int64_t o = 0; o < s.outer; ++o) {
    const T* src = in + o * n * inner;
    T* dst = result + o * n * inner;
    std::copy(src, src + inner, max_value.begin());
    for (int64_t j = 1; j < n; ++j)
      for (int64_t i = 0; i < inner; ++i) max_value[i] = std::max(max_value[i], src[j * inner + i]);
    std::fill(log_sum.begin(), log_sum.end(), T(0));
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < inner; ++i) log_sum[i] += std::exp(src[j * inner + i] - max_value[i]);
    for (int64_t i = 0; i < inner; ++i) log_sum[i] = std::log(log_sum[i]) + max_value[i];
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < inner; ++i) dst[j * inner + i] = src[j * inner + i] - log_sum[i];
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(log_softmax, CPU, phi::LogSoftmaxKernel, float, double);
