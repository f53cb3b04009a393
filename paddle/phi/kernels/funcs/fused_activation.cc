#include "paddle/phi/kernels/funcs/fused_activation.h"

#include <algorithm>

#include "paddle/phi/kernels/funcs/erf.h"

namespace phi {
namespace funcs {
namespace detail {

template <typename T>
void BiasGeluErfRows(T* rows, int64_t m, int64_t n, const T* bias, T* pre) {
  // Rows split over the pool (an element costs an erf: a couple of dozen steps).
  ParallelRange(m, 24 * n, [&](int64_t begin, int64_t end) {
    const T kInvSqrt2 = static_cast<T>(0.70710678118654752440);
    constexpr int64_t kBlock = 256;
    T erf[kBlock];
    for (int64_t i = begin; i < end; ++i) {
      T* row = rows + i * n;
      if (bias != nullptr) {
        for (int64_t j = 0; j < n; ++j) row[j] += bias[j];
      }
      if (pre != nullptr) std::copy(row, row + n, pre + i * n);
      for (int64_t b = 0; b < n; b += kBlock) {
        const int64_t len = std::min(kBlock, n - b);
        ErfScaled(row + b, kInvSqrt2, len, erf);
        for (int64_t j = 0; j < len; ++j) row[b + j] = T(0.5) * row[b + j] * (T(1) + erf[j]);
      }
    }
  });
}

template void BiasGeluErfRows<float>(float*, int64_t, int64_t, const float*, float*);
template void BiasGeluErfRows<double>(double*, int64_t, int64_t, const double*, double*);

}  // namespace detail
}  // namespace funcs
}  // namespace phi
