#include "paddle/phi/kernels/full_kernel.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void FullKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, double value,
                DataType dtype, DenseTensor* out) {
  T fill;
  if constexpr (std::is_same_v<T, bool>) {
    fill = value != 0.0;
  } else if constexpr (std::is_integral_v<T>) {
    // Converting an out-of-range double to an integer is undefined: refuse it.
    PD_CHECK(std::isfinite(value) &&
                 value >= static_cast<double>(std::numeric_limits<T>::lowest()) &&
                 value < static_cast<double>(std::numeric_limits<T>::max()) + 1.0,
             InvalidArgument, "expected a fill value within the range of ",
             CppTypeToDataType<T>::value, ", but got ", value);
    fill = static_cast<T>(value);
  } else {
    fill = static_cast<T>(value);
  }
  out->Resize(DDim(shape));
  T* data = dev_ctx.template Alloc<T>(out);
  const int64_t n = out->numel();
  for (int64_t i = 0; i < n; ++i) data[i] = fill;
}

}  // namespace phi

PD_REGISTER_KERNEL(full, CPU, phi::FullKernel, float, double, int32_t, int64_t, bool);
