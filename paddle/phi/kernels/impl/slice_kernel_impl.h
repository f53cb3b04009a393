// slice written once for both backends: Out is the sliced region of Input (its dims before
// decrease_axis; dropping dims does not move data), copied by funcs::GatherRegion.
#pragma once

#include <vector>

#include "paddle/phi/infermeta/manipulation.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/slice_kernel.h"

namespace phi {

template <typename T, typename Context>
void SliceKernel(const Context& dev_ctx, const DenseTensor& input, const std::vector<int64_t>& axes,
                 const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                 const std::vector<int64_t>& infer_flags,
                 const std::vector<int64_t>& decrease_axis, DenseTensor* out) {
  const DenseTensor in = input;  // Out may be Input itself
  const SliceGeometry g = ComputeSliceGeometry(in.dims(), axes, starts, ends, decrease_axis);
  PD_CHECK(out->numel() == g.dims.numel(), InvalidArgument, "expected slice's Out to hold the ",
           g.dims.numel(), " elements of the sliced region ", g.dims, " of Input ", in.dims(),
           ", but got Out ", out->dims());
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, out, {&in});
  const T* src = in.numel() > 0 ? in.data<T>() : nullptr;
  funcs::GatherRegion(dev_ctx, src, in.dims(), g.offsets, g.dims, dst);
}

}  // namespace phi
