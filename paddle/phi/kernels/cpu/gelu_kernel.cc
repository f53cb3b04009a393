#include "paddle/phi/kernels/gelu_kernel.h"

#include <cmath>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/erf.h"

namespace phi {

template <typename T, typename Context>
void GeluKernel(const Context& dev_ctx, const DenseTensor& x, bool approximate, DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X's storage alive if Out aliases it
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  const int64_t n = x_in.numel();
  if (approximate) {
    const T kSqrt2OverPi = static_cast<T>(0.79788456080286535588);
    const T kCubic = static_cast<T>(0.044715);
    for (int64_t i = 0; i < n; ++i) {
      const T v = in[i];
      result[i] = T(0.5) * v * (T(1) + std::tanh(kSqrt2OverPi * (v + kCubic * v * v * v)));
    }
  } else {
    // 0.5 x (1 + erf(x / sqrt(2))), the erf of the whole tensor first (vectorized).
    const T kInvSqrt2 = static_cast<T>(0.70710678118654752440);
    if (in == result) {  // in place: erf into a buffer, X is still needed
      std::vector<T> erf(n);
      funcs::ErfScaled(in, kInvSqrt2, n, erf.data());
      for (int64_t i = 0; i < n; ++i) result[i] = T(0.5) * in[i] * (T(1) + erf[i]);
    } else {
      funcs::ErfScaled(in, kInvSqrt2, n, result);
      for (int64_t i = 0; i < n; ++i) result[i] = T(0.5) * in[i] * (T(1) + result[i]);
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(gelu, CPU, phi::GeluKernel, float, double);
