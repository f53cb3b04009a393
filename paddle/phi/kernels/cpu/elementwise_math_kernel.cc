#include "paddle/phi/kernels/elementwise_math_kernel.h"

#include <cmath>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast_compute.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"

namespace phi {

template <typename T, typename Context>
void MaximumKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                   DenseTensor* out) {
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out, funcs::MaximumFunctor<T>());
}

template <typename T, typename Context>
void MinimumKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                   DenseTensor* out) {
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out, funcs::MinimumFunctor<T>());
}

template <typename T, typename Context>
void ElementwisePowKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                          int axis, DenseTensor* out) {
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out,
                                      funcs::ElementwisePowFunctor<T>());
}

}  // namespace phi

PD_REGISTER_KERNEL(maximum, CPU, phi::MaximumKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(minimum, CPU, phi::MinimumKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(elementwise_pow, CPU, phi::ElementwisePowKernel, float, double, int32_t,
                   int64_t);
