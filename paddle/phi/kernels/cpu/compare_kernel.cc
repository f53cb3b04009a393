#include "paddle/phi/kernels/compare_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast_compute.h"

namespace phi {

#define PD_DEFINE_COMPARE_KERNEL(Name, expr)                                                 \
  template <typename T, typename Context>                                                    \
  void Name##Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,      \
                    int axis, DenseTensor* out) {                                            \
    funcs::BroadcastBinaryCompute<T, bool>(dev_ctx, x, y, axis, out,                         \
                                           [](T a, T b) -> bool { return expr; });           \
  }
PD_DEFINE_COMPARE_KERNEL(Equal, a == b)
PD_DEFINE_COMPARE_KERNEL(NotEqual, a != b)
PD_DEFINE_COMPARE_KERNEL(LessThan, a < b)
PD_DEFINE_COMPARE_KERNEL(LessEqual, a <= b)
PD_DEFINE_COMPARE_KERNEL(GreaterThan, a > b)
PD_DEFINE_COMPARE_KERNEL(GreaterEqual, a >= b)
#undef PD_DEFINE_COMPARE_KERNEL

}  // namespace phi

PD_REGISTER_KERNEL(equal, CPU, phi::EqualKernel, float, double, int32_t, int64_t, bool);
PD_REGISTER_KERNEL(not_equal, CPU, phi::NotEqualKernel, float, double, int32_t, int64_t, bool);
PD_REGISTER_KERNEL(less_than, CPU, phi::LessThanKernel, float, double, int32_t, int64_t, bool);
PD_REGISTER_KERNEL(less_equal, CPU, phi::LessEqualKernel, float, double, int32_t, int64_t, bool);
PD_REGISTER_KERNEL(greater_than, CPU, phi::GreaterThanKernel, float, double, int32_t, int64_t,
                   bool);
PD_REGISTER_KERNEL(greater_equal, CPU, phi::GreaterEqualKernel, float, double, int32_t, int64_t,
                   bool);
