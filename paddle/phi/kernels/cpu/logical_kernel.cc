#include "paddle/phi/kernels/logical_kernel.h"

#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast_compute.h"
#include "paddle/phi/kernels/funcs/elementwise_functor.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void LogicalNotKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected logical_not's Out to have X's "
           "dims ", x.dims(), ", but got ", out->dims());
  const DenseTensor x_in = x;  // bool over a wider type: give Out storage of its own
  bool* result = std::is_same_v<T, bool> ? dev_ctx.template Alloc<bool>(out)
                                         : funcs::AllocUnaliased<bool>(dev_ctx, out, {&x_in});
  const T* in = x_in.data<T>();
  for (int64_t i = 0, n = x_in.numel(); i < n; ++i) result[i] = !static_cast<bool>(in[i]);
}

#define PD_DEFINE_LOGICAL_KERNEL(Name)                                                         \
  template <typename T, typename Context>                                                      \
  void Name##Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,        \
                    DenseTensor* out) {                                                        \
    funcs::BroadcastBinaryCompute<T, bool>(dev_ctx, x, y, -1, out, funcs::Name##Functor<T>()); \
  }
PD_DEFINE_LOGICAL_KERNEL(LogicalAnd)
PD_DEFINE_LOGICAL_KERNEL(LogicalOr)
PD_DEFINE_LOGICAL_KERNEL(LogicalXor)
#undef PD_DEFINE_LOGICAL_KERNEL

template <typename T, typename Context>
void ShapeKernel(const Context& dev_ctx, const DenseTensor& input, DenseTensor* out) {
  const DDim dims = input.dims();  // Out may share Input's variable
  out->Resize(DDim({static_cast<int64_t>(dims.size())}));
  int32_t* result = dev_ctx.template Alloc<int32_t>(out);
  for (int i = 0; i < dims.size(); ++i) {
    PD_CHECK(dims[i] <= INT32_MAX, OutOfRange, "expected shape's extents to fit int32, but ",
             dims, " does not");
    result[i] = static_cast<int32_t>(dims[i]);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(logical_and, CPU, phi::LogicalAndKernel, bool, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(logical_or, CPU, phi::LogicalOrKernel, bool, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(logical_xor, CPU, phi::LogicalXorKernel, bool, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(shape, CPU, phi::ShapeKernel, bool, float, double, int32_t, int64_t, uint8_t,
                   int8_t);
PD_REGISTER_KERNEL(logical_not, CPU, phi::LogicalNotKernel, bool, float, double, int32_t,
                   int64_t);
