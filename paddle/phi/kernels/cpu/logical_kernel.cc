#include "paddle/phi/kernels/logical_kernel.h"

#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
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

}  // namespace phi

PD_REGISTER_KERNEL(logical_not, CPU, phi::LogicalNotKernel, bool, float, double, int32_t,
                   int64_t);
