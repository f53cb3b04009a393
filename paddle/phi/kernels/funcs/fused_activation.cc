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
    for (int64_t i = begin; i < end; ++i) {
      T* row = rows + i * n;
      if (bias != nullptr) {
        for (int64_t j = 0; j < n; ++j) row[j] += bias[j];
      }
      if (pre != nullptr) std::copy(row, row + n, pre + i * n);
      GeluErf(row, n, row);
    }
  });
}

template void BiasGeluErfRows<float>(float*, int64_t, int64_t, const float*, float*);
template void BiasGeluErfRows<double>(double*, int64_t, int64_t, const double*, double*);

}  // namespace detail
}  // namespace funcs
}  // namespace phi
