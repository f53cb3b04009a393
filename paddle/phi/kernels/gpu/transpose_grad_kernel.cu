// transpose_grad on GPU: Out@GRAD permuted back by the inverse of axis, one gather kernel.
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/transpose.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"
#include "paddle/phi/kernels/transpose_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void TransposeGradKernel(const Context& dev_ctx, const DenseTensor& dout,
                         const std::vector<int>& axis, DenseTensor* dx) {
  const std::vector<int> inverse =
      funcs::InversePermutation(funcs::NormalizePermutation(axis, dout.dims()));
  PD_CHECK(dx != &dout, InvalidArgument, "expected transpose_grad's X@GRAD to be another tensor"
           " than Out@GRAD, but got the same tensor");
  DDim dx_dims = dout.dims();
  for (size_t i = 0; i < inverse.size(); ++i) dx_dims[i] = dout.dims()[inverse[i]];
  dx->Resize(dx_dims);
  T* result = dev_ctx.template Alloc<T>(dx);
  gpu::strided::Gather(dev_ctx, dout.data<T>(), gpu::strided::PermuteMap(dout.dims(), inverse),
                       dout.numel(), result);
}

}  // namespace phi

PD_REGISTER_KERNEL(transpose_grad, GPU, phi::TransposeGradKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
