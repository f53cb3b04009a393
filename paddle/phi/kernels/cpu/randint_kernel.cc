#include "paddle/phi/kernels/randint_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/random.h"

namespace phi {

template <typename T, typename Context>
void RandintKernel(const Context& dev_ctx, int low, int high, const std::vector<int64_t>& shape,
                   DataType dtype, int seed, DenseTensor* out) {
  (void)dtype;  // chose T
  PD_CHECK(low < high, InvalidArgument, "expected randint's low < high, but got low ", low,
           " and high ", high);
  out->Resize(DDim(shape));
  T* data = dev_ctx.template Alloc<T>(out);
  const int64_t n = out->numel();
  const uint64_t span = static_cast<uint64_t>(static_cast<int64_t>(high) - low);
  std::mt19937_64 engine = funcs::MakeEngine(seed);
  for (int64_t i = 0; i < n; ++i) {
    data[i] = static_cast<T>(low + static_cast<int64_t>(funcs::UniformBelow(&engine, span)));
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(randint, CPU, phi::RandintKernel, int32_t, int64_t);
