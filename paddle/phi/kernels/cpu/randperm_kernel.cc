#include "paddle/phi/kernels/randperm_kernel.h"

#include <utility>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/random.h"

namespace phi {

template <typename T, typename Context>
void RandpermKernel(const Context& dev_ctx, int n, DataType dtype, int seed, DenseTensor* out) {
  (void)dtype;  // chose T
  PD_CHECK(n >= 0, InvalidArgument, "expected randperm's n >= 0, but got ", n);
  out->Resize(DDim({static_cast<int64_t>(n)}));
  T* data = dev_ctx.template Alloc<T>(out);
  for (int i = 0; i < n; ++i) data[i] = static_cast<T>(i);
  std::mt19937_64 engine = funcs::MakeEngine(seed);
  // Fisher-Yates: position i takes a uniformly chosen element of the unshuffled prefix.
  for (int i = n - 1; i > 0; --i) {
    const auto j = static_cast<int>(funcs::UniformBelow(&engine, static_cast<uint64_t>(i) + 1));
    std::swap(data[i], data[j]);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(randperm, CPU, phi::RandpermKernel, int32_t, int64_t, float, double);
