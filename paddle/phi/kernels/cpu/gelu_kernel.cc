#include "paddle/phi/kernels/gelu_kernel.h"

#include <algorithm>
#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/erf.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {

template <typename T, typename Context>
void GeluKernel(const Context& dev_ctx, const DenseTensor& x, bool approximate, DenseTensor* out) {
  const DenseTensor x_in = x;  // keeps X's storage alive if Out aliases it
  const T* in = x_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  const int64_t n = x_in.numel();
  // Ranges split over the pool (each element costs a tanh or erf: a few dozen simple steps).
  funcs::ParallelRange(n, 16, [&](int64_t begin, int64_t end) {
    if (approximate) {
      const funcs::GeluTanhFunctor<T> gelu;
      for (int64_t i = begin; i < end; ++i) result[i] = gelu(in[i]);
      return;
    }
    // 0.5 x (1 + erf(x / sqrt(2))), the erf of a block at a time first (vectorized) into a
    // buffer, so that Out may share X's storage.
    const T kInvSqrt2 = static_cast<T>(0.70710678118654752440);
    constexpr int64_t kBlock = 256;
    T erf[kBlock];
    for (int64_t b = begin; b < end; b += kBlock) {
      const int64_t len = std::min(kBlock, end - b);
      funcs::ErfScaled(in + b, kInvSqrt2, len, erf);
      for (int64_t i = 0; i < len; ++i) result[b + i] = T(0.5) * in[b + i] * (T(1) + erf[i]);
    }
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(gelu, CPU, phi::GeluKernel, float, double);
