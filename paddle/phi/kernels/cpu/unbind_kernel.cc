#include "paddle/phi/kernels/unbind_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/unstack_kernel.h"

namespace phi {

template <typename T, typename Context>
void UnbindKernel(const Context& dev_ctx, const DenseTensor& x, int axis,
                  std::vector<DenseTensor*> outs) {
  const int a = funcs::NormalizeAxis(axis, x.dims().size(), "unbind's axis");
  const int num = static_cast<int>(outs.size());
  UnStackKernel<T, Context>(dev_ctx, x, a, num, std::move(outs));
}

}  // namespace phi

// The unstack kernel's dtypes: each is instantiated in unstack_kernel.cc.
PD_REGISTER_KERNEL(unbind, CPU, phi::UnbindKernel, float, double, int32_t, int64_t);

PD_KERNEL_USES(unbind, unstack);
