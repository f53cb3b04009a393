// The kernels of unary_math_kernel.h on GPU (exp, log, sqrt, abs, square, relu6, hard_swish,
// hard_sigmoid, pow): one elementwise launch each over the CPU's functors
// (funcs/unary_math_functor.h), in float for float16 / bfloat16.
#include "paddle/phi/kernels/unary_math_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/unary_math_functor.h"

namespace phi {

template <typename T, typename Context>
void ExpKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  gpu::LaunchUnary<T>(dev_ctx, x, out, "exp", funcs::ExpFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void LogKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  gpu::LaunchUnary<T>(dev_ctx, x, out, "log", funcs::LogFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void SqrtKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  gpu::LaunchUnary<T>(dev_ctx, x, out, "sqrt", funcs::SqrtFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void AbsKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  gpu::LaunchUnary<T>(dev_ctx, x, out, "abs", funcs::AbsFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void SquareKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  gpu::LaunchUnary<T>(dev_ctx, x, out, "square", funcs::SquareFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void Relu6Kernel(const Context& dev_ctx, const DenseTensor& x, float threshold, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "relu6",
                      funcs::Relu6Functor<Acc>{static_cast<Acc>(threshold)});
}

template <typename T, typename Context>
void HardSwishKernel(const Context& dev_ctx, const DenseTensor& x, float threshold, float scale,
                     float offset, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  const funcs::HardSwishFunctor<Acc> op{static_cast<Acc>(threshold), static_cast<Acc>(scale),
                                        static_cast<Acc>(offset)};
  gpu::LaunchUnary<T>(dev_ctx, x, out, "hard_swish", op);
}

template <typename T, typename Context>
void HardSigmoidKernel(const Context& dev_ctx, const DenseTensor& x, float slope, float offset,
                       DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  const funcs::HardSigmoidFunctor<Acc> op{static_cast<Acc>(slope), static_cast<Acc>(offset)};
  gpu::LaunchUnary<T>(dev_ctx, x, out, "hard_sigmoid", op);
}

template <typename T, typename Context>
void PowKernel(const Context& dev_ctx, const DenseTensor& x, double factor, DenseTensor* out) {
  gpu::LaunchUnary<T>(dev_ctx, x, out, "pow",
                      funcs::PowFunctor<gpu::AccType<T>>{static_cast<double>(factor)});
}

}  // namespace phi

PD_REGISTER_KERNEL(exp, GPU, phi::ExpKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(log, GPU, phi::LogKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(sqrt, GPU, phi::SqrtKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(abs, GPU, phi::AbsKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(square, GPU, phi::SquareKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(relu6, GPU, phi::Relu6Kernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(hard_swish, GPU, phi::HardSwishKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(hard_sigmoid, GPU, phi::HardSigmoidKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(pow, GPU, phi::PowKernel, float, double, int32_t, int64_t, phi::float16,
                   phi::bfloat16);
