// maximum, minimum and elementwise_pow on GPU: one broadcast launch each (Paddle's rule with the
// legacy axis) over the CPU's functors (funcs/elementwise_functor.h), in float for float16 /
// bfloat16. A NaN in x propagates through maximum and minimum; integer pow rounds.
#include "paddle/phi/kernels/elementwise_math_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

template <typename T, typename Context>
void MaximumKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                   DenseTensor* out) {
  gpu::LaunchBroadcastBinary<T, T>(dev_ctx, x, y, axis, out,
                                   funcs::MaximumFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void MinimumKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                   DenseTensor* out) {
  gpu::LaunchBroadcastBinary<T, T>(dev_ctx, x, y, axis, out,
                                   funcs::MinimumFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void ElementwisePowKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                          int axis, DenseTensor* out) {
  gpu::LaunchBroadcastBinary<T, T>(dev_ctx, x, y, axis, out,
                                   funcs::ElementwisePowFunctor<gpu::AccType<T>>());
}

}  // namespace phi

PD_REGISTER_KERNEL(maximum, GPU, phi::MaximumKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(minimum, GPU, phi::MinimumKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(elementwise_pow, GPU, phi::ElementwisePowKernel, float, double, int32_t,
                   int64_t, phi::float16, phi::bfloat16);
