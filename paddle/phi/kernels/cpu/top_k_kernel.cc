#include "paddle/phi/kernels/top_k_kernel.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {
namespace {

template <typename T>
bool IsNan(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(v);
  } else {
    return false;
  }
}

// Whether a comes before b: better value first (NaN is the largest), then the lower index.
template <typename T>
bool Before(const std::pair<T, int64_t>& a, const std::pair<T, int64_t>& b, bool largest) {
  const bool a_nan = IsNan(a.first), b_nan = IsNan(b.first);
  if (a_nan != b_nan) return largest ? a_nan : b_nan;
  if (!a_nan && a.first != b.first) return largest ? a.first > b.first : a.first < b.first;
  return a.second < b.second;
}

}  // namespace

template <typename T, typename Context>
void TopkKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* k_tensor, int k,
                int axis, bool largest, bool sorted, DenseTensor* out, DenseTensor* indices) {
  PD_CHECK(k_tensor == nullptr, Unimplemented,
           "expected top_k's k as the attribute 'k', but got a K tensor input, which is not "
           "supported");
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(x.dims(), axis);
  const int64_t n = s.axis_extent, inner = s.inner;
  PD_CHECK(k >= 1 && k <= n, InvalidArgument, "expected top_k's k in [1, ", n, "] for X ",
           x.dims(), ", but got ", k);
  const T* in = x.data<T>();
  T* values = dev_ctx.template Alloc<T>(out);
  int64_t* positions = dev_ctx.template Alloc<int64_t>(indices);
  std::vector<std::pair<T, int64_t>> row(n);
  auto before = [largest](const std::pair<T, int64_t>& a, const std::pair<T, int64_t>& b) {
    return Before(a, b, largest);
  };
  for (int64_t o = 0; o < s.outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const T* src = in + o * n * inner + i;
      for (int64_t j = 0; j < n; ++j) row[j] = {src[j * inner], j};
      std::partial_sort(row.begin(), row.begin() + k, row.end(), before);
      const int64_t base = o * k * inner + i;
      for (int64_t j = 0; j < k; ++j) {
        values[base + j * inner] = row[j].first;
        positions[base + j * inner] = row[j].second;
      }
    }
  }
}

template <typename T, typename Context>
void TopkV1Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* k_tensor,
                  int k, DenseTensor* out, DenseTensor* indices) {
  TopkKernel<T>(dev_ctx, x, k_tensor, k, -1, true, true, out, indices);
}

}  // namespace phi

PD_REGISTER_KERNEL(topk, CPU, phi::TopkKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(topk_v1, CPU, phi::TopkV1Kernel, float, double, int32_t, int64_t);
