#include "paddle/phi/kernels/top_k_kernel.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/impl/top_k_kernel_impl.h"

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

template <typename T>
void TopkRows(const CPUContext& /*ctx*/, const funcs::SoftmaxShape& s, const T* in, int64_t k,
              bool largest, T* values, int64_t* positions) {
  const int64_t n = s.axis_extent, inner = s.inner;
  // No output element (the row buffer would be sized by the axis however empty the rest is).
  if (s.outer == 0 || inner == 0 || k == 0) return;
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

}  // namespace phi

PD_REGISTER_KERNEL(topk, CPU, phi::TopkKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(topk_v1, CPU, phi::TopkV1Kernel, float, double, int32_t, int64_t);
