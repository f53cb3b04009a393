// add, subtract, multiply and divide on GPU: one broadcast launch each (Paddle's rule with the
// legacy axis, funcs/gpu/elementwise.cuh) over the CPU's functors (funcs/elementwise_functor.h),
// in float for float16 / bfloat16. Integer divide by zero gives 0 here: the device cannot
// raise, and reading Y on the host to refuse it (as the CPU kernel does) would synchronize.
#include "paddle/phi/kernels/elementwise_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

template <typename T, typename Context>
void AddKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
               DenseTensor* out) {
  gpu::LaunchBroadcastBinary<T, T>(dev_ctx, x, y, axis, out, funcs::AddFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void SubtractKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                    DenseTensor* out) {
  gpu::LaunchBroadcastBinary<T, T>(dev_ctx, x, y, axis, out,
                                   funcs::SubtractFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void MultiplyKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                    DenseTensor* out) {
  gpu::LaunchBroadcastBinary<T, T>(dev_ctx, x, y, axis, out,
                                   funcs::MultiplyFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void DivideKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                  DenseTensor* out) {
  gpu::LaunchBroadcastBinary<T, T>(dev_ctx, x, y, axis, out,
                                   funcs::DivideFunctor<gpu::AccType<T>>());
}

}  // namespace phi

PD_REGISTER_KERNEL(add, GPU, phi::AddKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(subtract, GPU, phi::SubtractKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(multiply, GPU, phi::MultiplyKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(divide, GPU, phi::DivideKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
