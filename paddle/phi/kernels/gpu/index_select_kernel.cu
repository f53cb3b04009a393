// index_select on GPU: the entries of X at positions Index along dim, one kernel; the grad
// scatter-adds Out@GRAD into a zeroed X@GRAD (gpu/index_gather.cuh; out-of-range indices
// give zeros / no gradient instead of the CPU's error).
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/index_gather.cuh"
#include "paddle/phi/kernels/index_select_kernel.h"

namespace phi {

template <typename T, typename Context>
void IndexSelectKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index,
                       int dim, DenseTensor* out) {
  const DenseTensor in_t = x;
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(in_t.dims(), dim);
  T* r = dev_ctx.template Alloc<T>(out);
  gpu::indexed::GatherAlongAxis(dev_ctx, in_t.data<T>(), index, s.outer, s.axis_extent, s.inner,
                                r, "index_select");
}

template <typename T, typename Context>
void IndexSelectGradKernel(const Context& dev_ctx, const DenseTensor& index,
                           const DenseTensor& dout, int dim, DenseTensor* dx) {
  const DenseTensor d_in = dout;
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(dx->dims(), dim);
  const int64_t n = index.numel();
  // Out@GRAD is X with the selected axis holding one entry per index.
  PD_CHECK(d_in.numel() == s.outer * n * s.inner, InvalidArgument,
           "expected index_select_grad's Out@GRAD to hold ", s.outer * n * s.inner,
           " values (X ", dx->dims(), " with ", n, " indices along dim ", dim, "), but got dims ",
           d_in.dims());
  T* r = dev_ctx.template Alloc<T>(dx);
  gpu::indexed::ScatterAddAlongAxis(dev_ctx, d_in.data<T>(), index, s.outer, s.axis_extent,
                                    s.inner, r, "index_select_grad");
}

}  // namespace phi

PD_REGISTER_KERNEL(index_select, GPU, phi::IndexSelectKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(index_select_grad, GPU, phi::IndexSelectGradKernel, float, double);
