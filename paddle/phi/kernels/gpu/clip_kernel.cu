// clip on GPU: out = min(max(x, min), max), one elementwise launch, the bounds converted as
// BoundAs<T> converts them (16-bit floats rounded to T first). Out may share X's storage.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/clip_kernel.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace {

template <typename T>
__global__ void ClipValuesKernel(const gpu::DeviceType<T>* in, gpu::DeviceType<T>* out, int64_t n,
                                 gpu::AccType<T> low, gpu::AccType<T> high) {
  using DT = gpu::DeviceType<T>;
  using A = gpu::AccType<T>;
  PD_GPU_LOOP(i, n) {
    const A v = gpu::ToAcc(in[i]);
    out[i] = gpu::ConvertTo<DT>(v < low ? low : (high < v ? high : v));
  }
}

}  // namespace

template <typename T, typename Context>
void ClipKernel(const Context& dev_ctx, const DenseTensor& x, double min, double max,
                DenseTensor* out) {
  using A = gpu::AccType<T>;
  const A low = static_cast<A>(BoundAs<T>(min, "Min"));
  const A high = static_cast<A>(BoundAs<T>(max, "Max"));
  PD_CHECK(!(high < low), InvalidArgument, "expected clip's min <= max, but got min ", low,
           " and max ", high);
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "expected clip's Out to have X's dims ",
           x.dims(), ", but got ", out->dims());
  const DenseTensor x_in = x;  // elementwise: Out may share X's storage
  gpu::DeviceType<T>* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t n = x_in.numel();
  if (n == 0) return;
  ClipValuesKernel<T><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), result, n, low, high);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(clip, GPU, phi::ClipKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
