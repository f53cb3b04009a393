// scale on GPU: out = scale * x + bias (bias_after_scale) or scale * (x + bias), one
// elementwise launch in T (float for float16 / bfloat16). Out may share X's storage.
#include "paddle/phi/kernels/scale_kernel.h"

#include <limits>
#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace {

template <typename DT, typename A>
__global__ void ScaleValuesKernel(const DT* in, DT* out, int64_t n, A scale, A bias,
                                  bool bias_after_scale) {
  PD_GPU_LOOP(i, n) {
    const A v = gpu::ToAcc(in[i]);
    out[i] = gpu::ConvertTo<DT>(bias_after_scale ? scale * v + bias : scale * (v + bias));
  }
}

}  // namespace

template <typename T, typename Context>
void ScaleKernel(const Context& dev_ctx, const DenseTensor& x, double scale, double bias,
                 bool bias_after_scale, DenseTensor* out) {
  using A = gpu::AccType<T>;
  if constexpr (std::is_integral_v<T>) {
    // Converting inf, nan or an out-of-range float to an integer type is undefined.
    constexpr double kLow = static_cast<double>(std::numeric_limits<T>::lowest());
    constexpr double kHigh = static_cast<double>(std::numeric_limits<T>::max());
    PD_CHECK(scale >= kLow && scale < kHigh && bias >= kLow && bias < kHigh, InvalidArgument,
             "expected scale's scale and bias to fit in the integer dtype of X, but got scale ",
             scale, " and bias ", bias);
  }
  const DenseTensor x_in = x;  // elementwise: Out may share X's storage
  const gpu::DeviceType<T>* in = gpu::DeviceData<T>(x_in);
  gpu::DeviceType<T>* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t n = x_in.numel();
  if (n == 0) return;
  ScaleValuesKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      in, result, n, static_cast<A>(scale), static_cast<A>(bias), bias_after_scale);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(scale, GPU, phi::ScaleKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
