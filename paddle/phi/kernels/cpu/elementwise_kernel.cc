#include "paddle/phi/kernels/elementwise_kernel.h"

#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast_compute.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"

namespace phi {

template <typename T, typename Context>
void AddKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
               DenseTensor* out) {
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out, funcs::AddFunctor<T>());
}

template <typename T, typename Context>
void SubtractKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                    DenseTensor* out) {
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out, funcs::SubtractFunctor<T>());
}

template <typename T, typename Context>
void MultiplyKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                    DenseTensor* out) {
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out, funcs::MultiplyFunctor<T>());
}

template <typename T, typename Context>
void DivideKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, int axis,
                  DenseTensor* out) {
  if constexpr (std::is_integral_v<T>) {
    // Integer division by zero would kill the process: refuse it before writing anything.
    const T* divisor = y.data<T>();
    const int64_t n = y.numel();
    for (int64_t i = 0; i < n; ++i) {
      PD_CHECK(divisor[i] != T(0), InvalidArgument,
               "expected a nonzero divisor Y for integer divide, but got 0 at flat index ", i,
               " of Y ", y.dims());
    }
  }
  funcs::BroadcastBinaryCompute<T, T>(dev_ctx, x, y, axis, out, funcs::DivideFunctor<T>());
}

}  // namespace phi

PD_REGISTER_KERNEL(add, CPU, phi::AddKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(subtract, CPU, phi::SubtractKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(multiply, CPU, phi::MultiplyKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(divide, CPU, phi::DivideKernel, float, double, int32_t, int64_t);
