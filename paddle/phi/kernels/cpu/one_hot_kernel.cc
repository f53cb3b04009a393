#include "paddle/phi/kernels/one_hot_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/one_hot_kernel_impl.h"

namespace phi {

template <typename OutT, typename T>
void FillOneHot(const CPUContext& /*ctx*/, const T* ids, int64_t count, int64_t depth,
                bool allow_out_of_range, OutT* out) {
  std::fill(out, out + count * depth, OutT(0));
  for (int64_t i = 0; i < count; ++i) {
    const int64_t id = static_cast<int64_t>(ids[i]);
    if (id >= 0 && id < depth) {
      out[i * depth + id] = OutT(1);
      continue;
    }
    PD_CHECK(allow_out_of_range, InvalidArgument, "expected one_hot_v2's ids in [0, ", depth,
             ") (depth ", depth, "), but got ", id, " at position ", i);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(one_hot, CPU, phi::OneHotKernel, int32_t, int64_t);
