// slice on GPU: the sliced region of Input gathered into Out by one kernel (the region's
// dims before decrease_axis; dropping dims does not move data).
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/manipulation.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"
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
  if (g.dims.numel() <= 0) return;
  gpu::strided::Gather(dev_ctx, in.data<T>(),
                       gpu::strided::RegionMap(in.dims(), g.offsets, g.dims), g.dims.numel(), dst);
}

}  // namespace phi

PD_REGISTER_KERNEL(slice, GPU, phi::SliceKernel, float, double, int32_t, int64_t, bool, uint8_t,
                   phi::float16, phi::bfloat16);
