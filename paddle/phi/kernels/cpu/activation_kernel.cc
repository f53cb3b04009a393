#include "paddle/phi/kernels/activation_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"

namespace phi {
template <typename T, typename Context>
void ReluKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "relu", funcs::ReluFunctor<T>());
}

template <typename T, typename Context>
void SigmoidKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "sigmoid", funcs::SigmoidFunctor<T>());
}

template <typename T, typename Context>
void TanhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "tanh", funcs::TanhFunctor<T>());
}

}  // namespace phi

PD_REGISTER_KERNEL(relu, CPU, phi::ReluKernel, float, double);
PD_REGISTER_KERNEL(sigmoid, CPU, phi::SigmoidKernel, float, double);
PD_REGISTER_KERNEL(tanh, CPU, phi::TanhKernel, float, double);
