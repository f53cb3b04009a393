#include "paddle/phi/kernels/gelu_grad_kernel.h"

#include <algorithm>
#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/erf.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {

template <typename T, typename Context>
void GeluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out_grad,
                    bool approximate, DenseTensor* x_grad) {
  if (x_grad == nullptr) return;
  PD_CHECK(out_grad.numel() == x.numel(), InvalidArgument,
           "expected gelu_grad's Out@GRAD to have X's dims ", x.dims(), ", but got ",
           out_grad.dims());
  const T* in = x.data<T>();
  const T* dy = out_grad.data<T>();
  T* dx = dev_ctx.template Alloc<T>(x_grad);
  const int64_t n = x.numel();
  // Ranges split over the pool (each element costs a tanh, or an erf and an exp).
  funcs::ParallelRange(n, 24, [&](int64_t begin, int64_t end) {
    if (approximate) {
      const funcs::GeluTanhGradFunctor<T> gelu_grad;
      for (int64_t i = begin; i < end; ++i) dx[i] = gelu_grad(in[i], dy[i]);
      return;
    }
    // d/dx x Phi(x) = Phi(x) + x phi(x), the erf of a block at a time first (vectorized)
    const T kInvSqrt2 = static_cast<T>(0.70710678118654752440);
    const T kInvSqrt2Pi = static_cast<T>(0.39894228040143267794);
    constexpr int64_t kBlock = 256;
    T erf[kBlock];
    for (int64_t b = begin; b < end; b += kBlock) {
      const int64_t len = std::min(kBlock, end - b);
      funcs::ErfScaled(in + b, kInvSqrt2, len, erf);
      for (int64_t i = 0; i < len; ++i) {
        const T v = in[b + i];
        const T cdf = T(0.5) * (T(1) + erf[i]);
        const T pdf = kInvSqrt2Pi * std::exp(T(-0.5) * v * v);
        dx[b + i] = dy[b + i] * (cdf + v * pdf);
      }
    }
  });
}

}  // namespace phi

PD_REGISTER_KERNEL(gelu_grad, CPU, phi::GeluGradKernel, float, double);
