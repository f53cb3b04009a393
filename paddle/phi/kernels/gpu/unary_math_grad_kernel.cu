// Gradients of the unary math kernels on GPU: one elementwise launch each over the CPU's
// functors (funcs/unary_math_functor.h). exp, sqrt, relu6 and hard_sigmoid read Out; the
// others read X.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/unary_math_functor.h"
#include "paddle/phi/kernels/unary_math_grad_kernel.h"

namespace phi {

template <typename T, typename Context>
void ExpGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                   DenseTensor* dx) {
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "exp_grad",
                          funcs::ExpGradFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void LogGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "log_grad",
                          funcs::LogGradFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void SqrtGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx) {
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "sqrt_grad",
                          funcs::SqrtGradFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void AbsGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "abs_grad",
                          funcs::AbsGradFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void SquareGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx) {
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "square_grad",
                          funcs::SquareGradFunctor<gpu::AccType<T>>());
}

template <typename T, typename Context>
void Relu6GradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     float threshold, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "relu6_grad",
                          funcs::Relu6GradFunctor<Acc>{static_cast<Acc>(threshold)});
}

template <typename T, typename Context>
void HardSwishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         float threshold, float scale, float offset, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  const funcs::HardSwishGradFunctor<Acc> op{static_cast<Acc>(threshold), static_cast<Acc>(scale),
                                            static_cast<Acc>(offset)};
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "hard_swish_grad", op);
}

template <typename T, typename Context>
void HardSigmoidGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                           float slope, float offset, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "hard_sigmoid_grad",
                          funcs::HardSigmoidGradFunctor<Acc>{static_cast<Acc>(slope)});
}

template <typename T, typename Context>
void PowGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   double factor, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  const Acc exponent = static_cast<Acc>(factor);
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "pow_grad", funcs::PowGradFunctor<Acc>{exponent});
}

}  // namespace phi

PD_REGISTER_KERNEL(exp_grad, GPU, phi::ExpGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(log_grad, GPU, phi::LogGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(sqrt_grad, GPU, phi::SqrtGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(abs_grad, GPU, phi::AbsGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(square_grad, GPU, phi::SquareGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(relu6_grad, GPU, phi::Relu6GradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(hard_swish_grad, GPU, phi::HardSwishGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(hard_sigmoid_grad, GPU, phi::HardSigmoidGradKernel, float, double,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(pow_grad, GPU, phi::PowGradKernel, float, double, phi::float16, phi::bfloat16);
