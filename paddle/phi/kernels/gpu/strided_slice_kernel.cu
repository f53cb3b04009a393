// strided_slice and strided_slice_grad on GPU: the region StridedSliceRegion normalizes (the
// CPU kernel's geometry, negative strides included) becomes one index map; the forward
// gathers it into Out with one kernel, the grad zeroes Input@GRAD and scatters Out@GRAD into
// it with another (a strided region never maps two elements to one position).
#include <cstdint>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/tensor_zoo.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"
#include "paddle/phi/kernels/strided_slice_kernel.h"

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
  const int64_t n = r.dims.numel();
  if (n <= 0) return;
  gpu::strided::Gather(dev_ctx, in.data<T>(),
                       gpu::strided::RegionMap(in.dims(), r.starts, r.dims, r.steps), n,
                       dst);
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
  if (dx->numel() > 0)
    PD_CUDA_CHECK(cudaMemsetAsync(dst, 0, sizeof(T) * dx->numel(), dev_ctx.stream()));
  const int64_t n = r.dims.numel();
  if (n <= 0) return;
  gpu::strided::Scatter(dev_ctx, g.data<T>(),
                        gpu::strided::RegionMap(input.dims(), r.starts, r.dims, r.steps), n,
                        dst);
}

}  // namespace phi

PD_REGISTER_KERNEL(strided_slice, GPU, phi::StridedSliceKernel, float, double, int32_t, int64_t,
                   bool);
PD_REGISTER_KERNEL(strided_slice_grad, GPU, phi::StridedSliceGradKernel, float, double);
