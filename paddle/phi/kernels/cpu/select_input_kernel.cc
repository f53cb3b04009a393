#include "paddle/phi/kernels/select_input_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {

// Registered for Mask's dtype (int32): the inputs' dtype is whatever the branches produced.
template <typename T, typename Context>
void SelectInputKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                       const DenseTensor& mask, DenseTensor* out) {
  PD_CHECK(mask.numel() == 1, InvalidArgument,
           "expected select_input's Mask to hold one element, but got dims ", mask.dims());
  const int64_t index = static_cast<int64_t>(mask.data<T>()[0]);
  PD_CHECK(index >= 0 && index < static_cast<int64_t>(x.size()), OutOfRange,
           "expected select_input's Mask in [0, ", x.size(), "), but got ", index);
  const DenseTensor* chosen = x[index];
  PD_CHECK(chosen != nullptr && (chosen->initialized() || chosen->numel() == 0), PreconditionNotMet,
           "expected select_input's input ", index, " (the branch Mask chose) to hold data, but it is empty");
  if (out != chosen) out->ShareDataWith(*chosen);
}

}  // namespace phi

PD_REGISTER_KERNEL(select_input, CPU, phi::SelectInputKernel, int32_t);
