// slice_grad written once for both backends: Input@GRAD zeroed, then Out@GRAD written into the
// sliced region (funcs::SetZero and funcs::ScatterRegion on the context's device).
#pragma once

#include <vector>

#include "paddle/phi/infermeta/manipulation.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/slice_grad_kernel.h"

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
  funcs::SetZero(dev_ctx, dst, in_dims.numel());
  const T* src = d_in.numel() > 0 ? d_in.data<T>() : nullptr;
  funcs::ScatterRegion(dev_ctx, src, in_dims, g.offsets, g.dims, dst);
}

}  // namespace phi
