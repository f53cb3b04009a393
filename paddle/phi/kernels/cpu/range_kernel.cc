#include "paddle/phi/kernels/range_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/impl/range_kernel_impl.h"

namespace phi {

// A running sum (the GPU computes each value from its index instead).
template <typename T>
void FillRange(const CPUContext& /*ctx*/, T first, T delta, int64_t n, T* data) {
  T value = first;
  for (int64_t i = 0; i < n; ++i, value += delta) data[i] = value;
}

}  // namespace phi

PD_REGISTER_KERNEL(range, CPU, phi::RangeKernel, float, double, int32_t, int64_t);
