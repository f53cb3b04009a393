// celu and celu_grad on GPU: the CPU kernels' formulas, evaluated in double as there (with
// std::max / std::min's rules, so a NaN X gives what the CPU gives), one elementwise launch each.
#include <cmath>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/celu_grad_kernel.h"
#include "paddle/phi/kernels/celu_kernel.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {
namespace gpu_celu {

// max(0, x) + min(0, alpha * expm1(x / alpha)).
struct CeluForward {
  double alpha;
  template <typename A>
  __device__ __forceinline__ double operator()(A x) const {
    const double v = static_cast<double>(x);
    const double neg = alpha * std::expm1(v / alpha);
    return (0.0 < v ? v : 0.0) + (neg < 0.0 ? neg : 0.0);
  }
};

// dy * (1 where x > 0, plus exp(x / alpha) where alpha * expm1(x / alpha) < 0).
struct CeluBackward {
  double alpha;
  template <typename A>
  __device__ __forceinline__ double operator()(A x, A dy) const {
    const double v = static_cast<double>(x);
    double g = v > 0 ? 1.0 : 0.0;
    if (alpha * std::expm1(v / alpha) < 0) g += std::exp(v / alpha);
    return static_cast<double>(dy) * g;
  }
};

}  // namespace gpu_celu

template <typename T, typename Context>
void CeluKernel(const Context& dev_ctx, const DenseTensor& x, float alpha, DenseTensor* out) {
  PD_CHECK(alpha != 0.0f, InvalidArgument, "expected celu's alpha to be nonzero, but got ", alpha);
  gpu::LaunchUnary<T>(dev_ctx, x, out, "celu", gpu_celu::CeluForward{alpha});
}

template <typename T, typename Context>
void CeluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out_grad,
                    float alpha, DenseTensor* x_grad) {
  PD_CHECK(alpha != 0.0f, InvalidArgument, "expected celu_grad's alpha to be nonzero, but got ",
           alpha);
  PD_CHECK(out_grad.dims() == x.dims(), InvalidArgument,
           "expected celu_grad's Out@GRAD to have X's dims ", x.dims(), ", but got ",
           out_grad.dims());
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, out_grad, x_grad, "celu_grad",
                          gpu_celu::CeluBackward{alpha});
}

}  // namespace phi

PD_REGISTER_KERNEL(celu, GPU, phi::CeluKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(celu_grad, GPU, phi::CeluGradKernel, float, double, phi::float16,
                   phi::bfloat16);
