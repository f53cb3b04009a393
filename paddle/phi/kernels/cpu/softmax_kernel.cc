#include "paddle/phi/kernels/softmax_kernel.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/funcs/softmax_row.h"

namespace phi {

template <typename T, typename Context>
void SoftmaxKernel(const Context& dev_ctx, const DenseTensor& x, int axis, DenseTensor* out) {
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(x.dims(), axis);
  out->Resize(x.dims());
  T* result = dev_ctx.template Alloc<T>(out);
  const T* in = x.data<T>();
  const int64_t n = s.axis_extent, inner = s.inner;
  if (x.numel() == 0) return;  // (not only n == 0: the other extents may be huge over an empty one)
  if (inner == 1) {  // the usual last axis: rows split over the pool, the same arithmetic
    funcs::ParallelRange(s.outer, 8 * n, [&](int64_t begin, int64_t end) {
      for (int64_t o = begin; o < end; ++o) funcs::SoftmaxRow(in + o * n, n, result + o * n);
    });
    return;
  }
  // Per outer slice, the inner positions run side by side so every pass is contiguous.
  std::vector<T> max_value(inner), sum(inner);
  for (int64_t o = 0; o < s.outer; ++o) {
    const T* src = in + o * n * inner;
    T* dst = result + o * n * inner;
    std::copy(src, src + inner, max_value.begin());
    for (int64_t j = 1; j < n; ++j)
      for (int64_t i = 0; i < inner; ++i) max_value[i] = std::max(max_value[i], src[j * inner + i]);
    std::fill(sum.begin(), sum.end(), T(0));
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t i = 0; i < inner; ++i) {
        const T e = std::exp(src[j * inner + i] - max_value[i]);
        dst[j * inner + i] = e;
        sum[i] += e;
      }
    }
    for (int64_t i = 0; i < inner; ++i) sum[i] = T(1) / sum[i];
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < inner; ++i) dst[j * inner + i] *= sum[i];
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(softmax, CPU, phi::SoftmaxKernel, float, double);
