#include "paddle/phi/kernels/slice_grad_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/manipulation.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void SliceGradKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& dout,
                     const std::vector<int64_t>& axes, const std::vector<int64_t>& starts,
                     const std::vector<int64_t>& ends, const std::vector<int64_t>& infer_flags,
                     const std::vector<int64_t>& decrease_axis, DenseTensor* dx) {
  if (dx == nullptr) return;
  const DDim in_dims = input.dims();
  const SliceGeometry g = ComputeSliceGeometry(in_dims, axes, starts, ends, decrease_axis);
  PD_CHECK(dout.numel() == g.dims.numel(), InvalidArgument, "expected slice_grad's Out@GRAD to "
           "hold the ", g.dims.numel(), " elements of the sliced region ", g.dims, " of Input ",
           in_dims, ", but got Out@GRAD ", dout.dims());
  PD_CHECK(dx->numel() == in_dims.numel(), InvalidArgument, "expected slice_grad's Input@GRAD "
           "to have Input's dims ", in_dims, ", but got ", dx->dims());
  const DenseTensor d_in = dout;  // Input@GRAD may alias Out@GRAD's storage
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, dx, {&d_in});
  std::fill(dst, dst + in_dims.numel(), T(0));
  const T* src = d_in.numel() > 0 ? d_in.data<T>() : nullptr;
  funcs::ForEachSliceRun(in_dims, g.offsets, g.dims, [&](int64_t to, int64_t from, int64_t n) {
    std::copy(src + from, src + from + n, dst + to);
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(slice_grad, CPU, phi::SliceGradKernel, float, double);
