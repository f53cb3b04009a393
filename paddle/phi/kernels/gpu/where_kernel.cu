// where on GPU: out = condition ? x : y, and its gradient routing Out@GRAD to X where the
// condition holds and to Y elsewhere; one elementwise launch each.
#include "paddle/phi/kernels/where_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace {

template <typename DT>
__global__ void SelectKernel(const bool* condition, const DT* x, const DT* y, DT* out,
                             int64_t n) {
  PD_GPU_LOOP(i, n) { out[i] = condition[i] ? x[i] : y[i]; }
}

// Both gradients from one read of Out@GRAD, so either may share its storage.
template <typename DT>
__global__ void RouteGradKernel(const bool* condition, const DT* dout, DT* dx, DT* dy,
                                int64_t n) {
  const DT zero = gpu::ConvertTo<DT>(0.0f);
  PD_GPU_LOOP(i, n) {
    const bool c = condition[i];
    const DT g = dout[i];
    if (dx != nullptr) dx[i] = c ? g : zero;
    if (dy != nullptr) dy[i] = c ? zero : g;
  }
}

}  // namespace

template <typename T, typename Context>
void WhereKernel(const Context& dev_ctx, const DenseTensor& condition, const DenseTensor& x,
                 const DenseTensor& y, DenseTensor* out) {
  PD_CHECK(condition.numel() == x.numel() && x.numel() == y.numel(), InvalidArgument,
           "expected where's Condition, X and Y to have one shape, but got ", condition.dims(),
           ", ", x.dims(), " and ", y.dims());
  const DenseTensor c_in = condition, x_in = x, y_in = y;  // Out may share X's or Y's variable
  gpu::DeviceType<T>* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t n = x_in.numel();
  if (n == 0) return;
  SelectKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      c_in.data<bool>(), gpu::DeviceData<T>(x_in), gpu::DeviceData<T>(y_in), result, n);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void WhereGradKernel(const Context& dev_ctx, const DenseTensor& condition, const DenseTensor& dout,
                     DenseTensor* dx, DenseTensor* dy) {
  const DenseTensor c_in = condition, d_in = dout;
  gpu::DeviceType<T>* gx = dx != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, dx) : nullptr;
  gpu::DeviceType<T>* gy = dy != nullptr ? gpu::DeviceAlloc<T>(dev_ctx, dy) : nullptr;
  const int64_t n = d_in.numel();
  if (n == 0 || (gx == nullptr && gy == nullptr)) return;
  RouteGradKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      c_in.data<bool>(), gpu::DeviceData<T>(d_in), gx, gy, n);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(where, GPU, phi::WhereKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(where_grad, GPU, phi::WhereGradKernel, float, double, phi::float16,
                   phi::bfloat16);
