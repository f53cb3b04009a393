// gather on GPU: the entries of X at positions Index along `axis`, one kernel
// (gpu/index_gather.cuh; an out-of-range index gives zeros instead of the CPU's error).
#include <string>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/gather_kernel.h"
#include "paddle/phi/kernels/gpu/index_gather.cuh"

namespace phi {

template <typename T, typename Context>
void GatherKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index, int axis,
                  DenseTensor* out) {
  const DenseTensor x_in = x;  // Out may be X itself
  const DDim& x_dims = x_in.dims();
  PD_CHECK(x_dims.size() >= 1, InvalidArgument, "expected gather's X of rank >= 1, but got ",
           x_dims);
  const int a = funcs::NormalizeAxis(axis, x_dims.size(), "gather axis");
  const int64_t outer = product(x_dims, 0, a);
  const int64_t inner = product(x_dims, a + 1, x_dims.size());
  const int64_t count = index.numel();
  PD_CHECK(out->numel() == outer * count * inner, InvalidArgument, "expected gather's Out to hold ",
           outer * count * inner, " elements (X ", x_dims, ", ", count, " indices on axis ", a,
           "), but got Out ", out->dims());
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in, &index});
  gpu::indexed::GatherAlongAxis(dev_ctx, x_in.data<T>(), index, outer, x_dims[a], inner, dst,
                                "gather");
}

}  // namespace phi

PD_REGISTER_KERNEL(gather, GPU, phi::GatherKernel, float, double, int32_t, int64_t, bool, uint8_t,
                   phi::float16, phi::bfloat16);
