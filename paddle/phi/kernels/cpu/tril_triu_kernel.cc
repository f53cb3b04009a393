#include "paddle/phi/kernels/tril_triu_kernel.h"

#include <cstdint>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void TrilTriuKernel(const Context& dev_ctx, const DenseTensor& x, int diagonal, bool lower,
                    DenseTensor* out) {
  const DenseTensor in_t = x;  // keeps X alive if Out shares its buffer
  const DDim& d = in_t.dims();
  PD_CHECK(d.size() >= 2, InvalidArgument, "expected tril_triu's X to have rank >= 2, but got X ",
           d);
  const int64_t h = d[d.size() - 2];
  const int64_t w = d[d.size() - 1];
  const int64_t n = in_t.numel();
  const T* in = in_t.data<T>();
  T* r = dev_ctx.template Alloc<T>(out);
  for (int64_t k = 0; k < n; ++k) {
    const int64_t j = k % w;
    const int64_t i = (k / w) % h;
    r[k] = funcs::TrilTriuKeeps(i, j, diagonal, lower) ? in[k] : T(0);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(tril_triu, CPU, phi::TrilTriuKernel, float, double, int32_t, int64_t, bool);
