#include "paddle/phi/kernels/compare_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast_compute.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"

namespace phi {

#define PD_DEFINE_COMPARE_KERNEL(Name)                                                           \
  template <typename T, typename Context>                                                        \
  void Name##Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,          \
                    int axis, DenseTensor* out) {                                                \
    funcs::BroadcastBinaryCompute<T, bool>(dev_ctx, x, y, axis, out, funcs::Name##Functor<T>()); \
  }
PD_DEFINE_COMPARE_KERNEL(Equal)
PD_DEFINE_COMPARE_KERNEL(NotEqual)
PD_DEFINE_COMPARE_KERNEL(LessThan)
PD_DEFINE_COMPARE_KERNEL(LessEqual)
PD_DEFINE_COMPARE_KERNEL(GreaterThan)
PD_DEFINE_COMPARE_KERNEL(GreaterEqual)
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
