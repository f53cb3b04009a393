// gather_grad on GPU: Out@GRAD scatter-added (atomically; Index may repeat a position) into a
// zeroed X@GRAD; an out-of-range index contributes nothing instead of raising.
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/gather_grad_kernel.h"
#include "paddle/phi/kernels/gpu/index_gather.cuh"

namespace phi {

template <typename T, typename Context>
void GatherGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index,
                      const DenseTensor& dout, int axis, DenseTensor* dx) {
  if (dx == nullptr) return;
  const DDim x_dims = x.dims();
  PD_CHECK(x_dims.size() >= 1, InvalidArgument, "expected gather's X of rank >= 1, but got ",
           x_dims);
  const int a = funcs::NormalizeAxis(axis, x_dims.size(), "gather axis");
  const int64_t outer = product(x_dims, 0, a);
  const int64_t inner = product(x_dims, a + 1, x_dims.size());
  const int64_t count = index.numel();
  PD_CHECK(dout.numel() == outer * count * inner, InvalidArgument, "expected gather_grad's "
           "Out@GRAD to hold ", outer * count * inner, " elements (X ", x_dims, ", ", count,
           " indices on axis ", a, "), but got ", dout.dims());
  PD_CHECK(dx->numel() == x_dims.numel(), InvalidArgument, "expected gather_grad's X@GRAD to "
           "have X's dims ", x_dims, ", but got ", dx->dims());
  const DenseTensor d_in = dout;  // X@GRAD may alias Out@GRAD's storage
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, dx, {&d_in, &index});
  gpu::indexed::ScatterAddAlongAxis(dev_ctx, d_in.data<T>(), index, outer, x_dims[a], inner, dst,
                                    "gather_grad");
}

}  // namespace phi

PD_REGISTER_KERNEL(gather_grad, GPU, phi::GatherGradKernel, float, double);
