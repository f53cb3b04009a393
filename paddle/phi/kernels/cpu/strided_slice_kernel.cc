#include "paddle/phi/kernels/strided_slice_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/tensor_zoo.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {

template <typename T, typename Context>
void StridedSliceKernel(const Context& dev_ctx, const DenseTensor& input,
                        const std::vector<int>& axes, const std::vector<int>& starts,
                        const std::vector<int>& ends, const std::vector<int>& strides,
                        const std::vector<int>& decrease_axis, DenseTensor* out) {
  const DenseTensor in = input;  // Out may be Input itself
  const StridedRegion r = StridedSliceRegion(in.dims(), axes, starts, ends, strides, decrease_axis);
  PD_CHECK(out->numel() == r.dims.numel(), InvalidArgument,
           "expected strided_slice's Out to "
           "hold the ",
           r.dims.numel(), " elements of the sliced region ", r.dims, " of Input ", in.dims(),
           ", but got Out ", out->dims());
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, out, {&in});
  const T* src = in.numel() > 0 ? in.data<T>() : nullptr;
  ForEachStridedIndex(in.dims(), r, [&](int64_t from, int64_t to) { dst[to] = src[from]; });
}

template <typename T, typename Context>
void StridedSliceGradKernel(const Context& dev_ctx, const DenseTensor& input,
                            const DenseTensor& dout, const std::vector<int>& axes,
                            const std::vector<int>& starts, const std::vector<int>& ends,
                            const std::vector<int>& strides, const std::vector<int>& decrease_axis,
                            DenseTensor* dx) {
  if (dx == nullptr) return;
  const DenseTensor g = dout;
  const StridedRegion r =
      StridedSliceRegion(input.dims(), axes, starts, ends, strides, decrease_axis);
  PD_CHECK(g.numel() == r.dims.numel(), InvalidArgument,
           "expected strided_slice_grad's "
           "Out@GRAD to hold the ",
           r.dims.numel(), " elements of the sliced region ", r.dims, ", but got Out@GRAD ",
           g.dims());
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, dx, {&g});
  std::fill(dst, dst + dx->numel(), T(0));
  const T* src = g.numel() > 0 ? g.data<T>() : nullptr;
  ForEachStridedIndex(input.dims(), r, [&](int64_t to, int64_t from) { dst[to] = src[from]; });
}

}  // namespace phi

PD_REGISTER_KERNEL(strided_slice, CPU, phi::StridedSliceKernel, float, double, int32_t, int64_t,
                   bool);
PD_REGISTER_KERNEL(strided_slice_grad, CPU, phi::StridedSliceGradKernel, float, double);
