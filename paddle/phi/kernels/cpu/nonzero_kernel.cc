#include "paddle/phi/kernels/nonzero_kernel.h"

#include <cstdint>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void NonzeroKernel(const Context& dev_ctx, const DenseTensor& condition, DenseTensor* out) {
  const T* cond = condition.data<T>();
  const int64_t total = condition.numel();
  const int rank = condition.dims().size();
  int64_t count = 0;
  for (int64_t i = 0; i < total; ++i) count += cond[i] != T(0) ? 1 : 0;
  out->Resize(DDim({count, static_cast<int64_t>(rank)}));
  int64_t* rows = dev_ctx.template Alloc<int64_t>(out);
  std::vector<int64_t> coord(rank, 0);  // coordinates of element i, advanced like an odometer
  for (int64_t i = 0; i < total; ++i) {
    if (cond[i] != T(0)) {
      for (int d = 0; d < rank; ++d) *rows++ = coord[d];
    }
    for (int d = rank - 1; d >= 0; --d) {
      if (++coord[d] < condition.dims()[d]) break;
      coord[d] = 0;
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(nonzero, CPU, phi::NonzeroKernel, bool, int32_t, int64_t, float, double);
