// clip on GPU: out = min(max(x, min), max), one elementwise launch, the bounds from the
// attributes or the Min / Max tensors (funcs/gpu/clip_bound.cuh). Out may share X's storage.
#include "paddle/phi/kernels/clip_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/clip_bound.cuh"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace {

template <typename T>
__global__ void ClipValuesKernel(const gpu::DeviceType<T>* in, gpu::DeviceType<T>* out,
                                 int64_t n, gpu::ClipBoundArg<T> min_bound,
                                 gpu::ClipBoundArg<T> max_bound) {
  using DT = gpu::DeviceType<T>;
  using A = gpu::AccType<T>;
  const A low = gpu::ResolveClipBound(min_bound);
  const A high = gpu::ResolveClipBound(max_bound);
  PD_GPU_LOOP(i, n) {
    const A v = gpu::ToAcc(in[i]);
    out[i] = gpu::ConvertTo<DT>(v < low ? low : (high < v ? high : v));
  }
}

}  // namespace

template <typename T, typename Context>
void ClipKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* min_tensor,
                const DenseTensor* max_tensor, float min, float max, DenseTensor* out) {
  const gpu::ClipBoundArg<T> low = gpu::MakeClipBound<T>(min_tensor, min, "Min");
  const gpu::ClipBoundArg<T> high = gpu::MakeClipBound<T>(max_tensor, max, "Max");
  // min > max is refused where both bounds are known here (a device tensor is not read).
  if (low.device_data == nullptr && high.device_data == nullptr) {
    PD_CHECK(!(high.value < low.value), InvalidArgument, "expected clip's min <= max, but got min ",
             low.value, " and max ", high.value);
  }
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
