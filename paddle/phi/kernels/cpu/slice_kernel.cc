#include "paddle/phi/kernels/slice_kernel.h"

#include <algorithm>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/manipulation.h"
#include "paddle/phi/kernels/funcs/manipulation.h"

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
  funcs::ForEachSliceRun(in.dims(), g.offsets, g.dims, [&](int64_t from, int64_t to, int64_t n) {
    std::copy(src + from, src + from + n, dst + to);
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(slice, CPU, phi::SliceKernel, float, double, int32_t, int64_t, bool, uint8_t);
