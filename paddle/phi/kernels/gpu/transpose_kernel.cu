// transpose (transpose2) on GPU: a real copy in the permuted order, one gather kernel over the
// output (gpu/strided_copy.cuh).
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/transpose.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"
#include "paddle/phi/kernels/transpose_kernel.h"

namespace phi {

template <typename T, typename Context>
void TransposeKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int>& axis,
                     DenseTensor* out) {
  const std::vector<int> perm = funcs::NormalizePermutation(axis, x.dims());
  PD_CHECK(out != &x, InvalidArgument, "expected transpose's Out to be another tensor than X, "
           "but got the same tensor");
  DDim out_dims = x.dims();
  for (size_t i = 0; i < perm.size(); ++i) out_dims[i] = x.dims()[perm[i]];
  out->Resize(out_dims);
  T* result = dev_ctx.template Alloc<T>(out);
  gpu::strided::Gather(dev_ctx, x.data<T>(), gpu::strided::PermuteMap(x.dims(), perm),
                       x.numel(), result);
}

}  // namespace phi

PD_REGISTER_KERNEL(transpose, GPU, phi::TransposeKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
