// Broadcast comparisons on GPU (equal, not_equal, less_than, less_equal, greater_than,
// greater_equal) giving bool: one broadcast launch each over the CPU's functors
// (funcs/elementwise_functor.h); 16-bit floats compare as float, which is exact.
#include "paddle/phi/kernels/compare_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

#define PD_DEFINE_GPU_COMPARE_KERNEL(Name)                                              \
  template <typename T, typename Context>                                               \
  void Name##Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y, \
                    int axis, DenseTensor* out) {                                       \
    gpu::LaunchBroadcastBinary<T, bool>(dev_ctx, x, y, axis, out,                       \
                                        funcs::Name##Functor<gpu::AccType<T>>());       \
  }
PD_DEFINE_GPU_COMPARE_KERNEL(Equal)
PD_DEFINE_GPU_COMPARE_KERNEL(NotEqual)
PD_DEFINE_GPU_COMPARE_KERNEL(LessThan)
PD_DEFINE_GPU_COMPARE_KERNEL(LessEqual)
PD_DEFINE_GPU_COMPARE_KERNEL(GreaterThan)
PD_DEFINE_GPU_COMPARE_KERNEL(GreaterEqual)
#undef PD_DEFINE_GPU_COMPARE_KERNEL

}  // namespace phi

PD_REGISTER_KERNEL(equal, GPU, phi::EqualKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(not_equal, GPU, phi::NotEqualKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(less_than, GPU, phi::LessThanKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(less_equal, GPU, phi::LessEqualKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(greater_than, GPU, phi::GreaterThanKernel, float, double, int32_t, int64_t,
                   bool, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(greater_equal, GPU, phi::GreaterEqualKernel, float, double, int32_t, int64_t,
                   bool, phi::float16, phi::bfloat16);
