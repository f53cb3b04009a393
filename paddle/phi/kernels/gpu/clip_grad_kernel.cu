// clip_grad on GPU: dx = dout where min <= x <= max, 0 elsewhere, one elementwise launch with
// the bounds as in clip.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/clip_grad_kernel.h"
#include "paddle/phi/kernels/clip_kernel.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace {

template <typename T>
__global__ void ClipGradValuesKernel(const gpu::DeviceType<T>* x, const gpu::DeviceType<T>* dout,
                                     gpu::DeviceType<T>* dx, int64_t n, gpu::AccType<T> low,
                                     gpu::AccType<T> high) {
  using DT = gpu::DeviceType<T>;
  using A = gpu::AccType<T>;
  const DT zero = gpu::ConvertTo<DT>(0.0f);
  PD_GPU_LOOP(i, n) {
    const A v = gpu::ToAcc(x[i]);
    dx[i] = (low <= v && v <= high) ? dout[i] : zero;
  }
}

}  // namespace

template <typename T, typename Context>
void ClipGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    double min, double max, DenseTensor* dx) {
  if (dx == nullptr) return;
  using A = gpu::AccType<T>;
  const A low = static_cast<A>(BoundAs<T>(min, "Min"));
  const A high = static_cast<A>(BoundAs<T>(max, "Max"));
  PD_CHECK(dout.numel() == x.numel() && dx->numel() == x.numel(), InvalidArgument,
           "expected clip_grad's Out@GRAD and X@GRAD to have X's dims ", x.dims(), ", but got ",
           dout.dims(), " and ", dx->dims());
  const DenseTensor x_in = x;  // elementwise: X@GRAD may share storage with X or Out@GRAD
  const DenseTensor d_in = dout;
  gpu::DeviceType<T>* result = gpu::DeviceAlloc<T>(dev_ctx, dx);
  const int64_t n = x_in.numel();
  if (n == 0) return;
  ClipGradValuesKernel<T><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), gpu::DeviceData<T>(d_in), result, n, low, high);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(clip_grad, GPU, phi::ClipGradKernel, float, double, phi::float16,
                   phi::bfloat16);
