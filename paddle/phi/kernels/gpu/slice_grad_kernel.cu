// slice_grad on GPU: Input@GRAD zeroed, then Out@GRAD scattered into the sliced region by one
// kernel.
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/manipulation.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"
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
  if (in_dims.numel() > 0)
    PD_CUDA_CHECK(cudaMemsetAsync(dst, 0, sizeof(T) * in_dims.numel(), dev_ctx.stream()));
  if (g.dims.numel() <= 0) return;
  gpu::strided::Scatter(dev_ctx, d_in.data<T>(),
                        gpu::strided::RegionMap(in_dims, g.offsets, g.dims), g.dims.numel(), dst);
}

}  // namespace phi

PD_REGISTER_KERNEL(slice_grad, GPU, phi::SliceGradKernel, float, double, phi::float16,
                   phi::bfloat16);
