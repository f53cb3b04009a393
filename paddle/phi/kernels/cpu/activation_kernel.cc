#include "paddle/phi/kernels/activation_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"

namespace phi {
template <typename T, typename Context>
void ReluKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  // Written as a comparison so that NaN stays NaN, as in Paddle.
  funcs::Unary<T>(dev_ctx, x, out, "relu", [](T v) { return v < T(0) ? T(0) : v; });
}

template <typename T, typename Context>
void SigmoidKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  // exp of a non-positive argument only: no overflow, and no 1 - 1 cancellation for x << 0.
  funcs::Unary<T>(dev_ctx, x, out, "sigmoid", [](T v) {
    if (v >= T(0)) return T(1) / (T(1) + std::exp(-v));
    const T e = std::exp(v);
    return e / (T(1) + e);
  });
}

template <typename T, typename Context>
void TanhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "tanh", [](T v) { return std::tanh(v); });
}

}  // namespace phi

PD_REGISTER_KERNEL(relu, CPU, phi::ReluKernel, float, double);
PD_REGISTER_KERNEL(sigmoid, CPU, phi::SigmoidKernel, float, double);
PD_REGISTER_KERNEL(tanh, CPU, phi::TanhKernel, float, double);
