#include "paddle/phi/kernels/elementwise_math_kernel.h"

#include <cmath>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast_compute.h"

namespace phi {

template <typename T, typename Context>
void MaximumKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                   DenseTensor* out) {
  // Written as comparisons so that a NaN in x propagates, as in Paddle.
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out,
                                      [](T a, T b) { return a < b ? b : a; });
}

template <typename T, typename Context>
void MinimumKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                   DenseTensor* out) {
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out,
                                      [](T a, T b) { return b < a ? b : a; });
}

template <typename T, typename Context>
void ElementwisePowKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                          int axis, DenseTensor* out) {
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out, [](T a, T b) {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(std::llround(std::pow(static_cast<double>(a), static_cast<double>(b))));
    } else {
      return static_cast<T>(std::pow(a, b));
    }
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(maximum, CPU, phi::MaximumKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(minimum, CPU, phi::MinimumKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(elementwise_pow, CPU, phi::ElementwisePowKernel, float, double, int32_t,
                   int64_t);
