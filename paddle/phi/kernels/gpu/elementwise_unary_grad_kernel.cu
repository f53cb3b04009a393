// The gradients of elementwise_unary_kernel.h on GPU: one elementwise launch each over the
// CPU's functors (funcs/activation_functor.h); rsqrt, reciprocal, expm1 and erfinv read Out,
// trunc only Out@GRAD, the others X.
#include "paddle/phi/kernels/elementwise_unary_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

template <typename T, typename Context>
void LeakyReluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         float alpha, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "leaky_relu_grad",
                          funcs::LeakyReluGradFunctor<Acc>{static_cast<Acc>(alpha)});
}

template <typename T, typename Context>
void EluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   float alpha, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "elu_grad",
                          funcs::EluGradFunctor<Acc>{static_cast<Acc>(alpha)});
}

template <typename T, typename Context>
void SeluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    float scale, float alpha, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  const funcs::SeluGradFunctor<Acc> op{static_cast<Acc>(scale), static_cast<Acc>(alpha)};
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "selu_grad", op);
}

template <typename T, typename Context>
void SoftplusGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                        float beta, float threshold, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  const funcs::SoftplusGradFunctor<Acc> op{static_cast<Acc>(beta), static_cast<Acc>(threshold)};
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "softplus_grad", op);
}

template <typename T, typename Context>
void SwishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     float beta, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "swish_grad",
                          funcs::SwishGradFunctor<Acc>{static_cast<Acc>(beta)});
}

template <typename T, typename Context>
void SiluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "silu_grad", funcs::SiluGradFunctor<Acc>());
}

template <typename T, typename Context>
void MishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    float threshold, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "mish_grad",
                          funcs::MishGradFunctor<Acc>{static_cast<Acc>(threshold)});
}

template <typename T, typename Context>
void LogsigmoidGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                          DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "logsigmoid_grad",
                          funcs::LogsigmoidGradFunctor<Acc>());
}

template <typename T, typename Context>
void SoftsignGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                        DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "softsign_grad", funcs::SoftsignGradFunctor<Acc>());
}

template <typename T, typename Context>
void ErfGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "erf_grad", funcs::ErfGradFunctor<Acc>());
}

template <typename T, typename Context>
void RsqrtGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "rsqrt_grad", funcs::RsqrtGradFunctor<Acc>());
}

template <typename T, typename Context>
void ReciprocalGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                          DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "reciprocal_grad",
                          funcs::ReciprocalGradFunctor<Acc>());
}

template <typename T, typename Context>
void Log1pGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "log1p_grad", funcs::Log1pGradFunctor<Acc>());
}

template <typename T, typename Context>
void SinGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "sin_grad", funcs::SinGradFunctor<Acc>());
}

template <typename T, typename Context>
void CosGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "cos_grad", funcs::CosGradFunctor<Acc>());
}

template <typename T, typename Context>
void FloorGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "floor_grad", funcs::ZeroGradFunctor<Acc>());
}

template <typename T, typename Context>
void CeilGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "ceil_grad", funcs::ZeroGradFunctor<Acc>());
}

template <typename T, typename Context>
void RoundGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "round_grad", funcs::ZeroGradFunctor<Acc>());
}

template <typename T, typename Context>
void SignGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "sign_grad", funcs::ZeroGradFunctor<Acc>());
}

template <typename T, typename Context>
void TanGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "tan_grad", funcs::TanGradFunctor<Acc>());
}

template <typename T, typename Context>
void AsinGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "asin_grad", funcs::AsinGradFunctor<Acc>());
}

template <typename T, typename Context>
void AcosGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "acos_grad", funcs::AcosGradFunctor<Acc>());
}

template <typename T, typename Context>
void AtanGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "atan_grad", funcs::AtanGradFunctor<Acc>());
}

template <typename T, typename Context>
void SinhGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "sinh_grad", funcs::SinhGradFunctor<Acc>());
}

template <typename T, typename Context>
void CoshGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "cosh_grad", funcs::CoshGradFunctor<Acc>());
}

template <typename T, typename Context>
void AsinhGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "asinh_grad", funcs::AsinhGradFunctor<Acc>());
}

template <typename T, typename Context>
void AcoshGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "acosh_grad", funcs::AcoshGradFunctor<Acc>());
}

template <typename T, typename Context>
void AtanhGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "atanh_grad", funcs::AtanhGradFunctor<Acc>());
}

template <typename T, typename Context>
void Expm1GradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "expm1_grad", funcs::Expm1GradFunctor<Acc>());
}

template <typename T, typename Context>
void LgammaGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "lgamma_grad", funcs::LgammaGradFunctor<Acc>());
}

template <typename T, typename Context>
void DigammaGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                       DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, x, dout, dx, "digamma_grad", funcs::DigammaGradFunctor<Acc>());
}

template <typename T, typename Context>
void ErfinvGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                      DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, out, dout, dx, "erfinv_grad", funcs::ErfinvGradFunctor<Acc>());
}

template <typename T, typename Context>
void TruncGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnaryGrad<T>(dev_ctx, dout, dout, dx, "trunc_grad", funcs::ZeroGradFunctor<Acc>());
}

}  // namespace phi

PD_REGISTER_KERNEL(leaky_relu_grad, GPU, phi::LeakyReluGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(elu_grad, GPU, phi::EluGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(selu_grad, GPU, phi::SeluGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(softplus_grad, GPU, phi::SoftplusGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(swish_grad, GPU, phi::SwishGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(silu_grad, GPU, phi::SiluGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(mish_grad, GPU, phi::MishGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(logsigmoid_grad, GPU, phi::LogsigmoidGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(softsign_grad, GPU, phi::SoftsignGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(erf_grad, GPU, phi::ErfGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(rsqrt_grad, GPU, phi::RsqrtGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(reciprocal_grad, GPU, phi::ReciprocalGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(log1p_grad, GPU, phi::Log1pGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(sin_grad, GPU, phi::SinGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(cos_grad, GPU, phi::CosGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(floor_grad, GPU, phi::FloorGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(ceil_grad, GPU, phi::CeilGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(round_grad, GPU, phi::RoundGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(sign_grad, GPU, phi::SignGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(tan_grad, GPU, phi::TanGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(asin_grad, GPU, phi::AsinGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(acos_grad, GPU, phi::AcosGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(atan_grad, GPU, phi::AtanGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(sinh_grad, GPU, phi::SinhGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(cosh_grad, GPU, phi::CoshGradKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(asinh_grad, GPU, phi::AsinhGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(acosh_grad, GPU, phi::AcoshGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(atanh_grad, GPU, phi::AtanhGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(expm1_grad, GPU, phi::Expm1GradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(lgamma_grad, GPU, phi::LgammaGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(digamma_grad, GPU, phi::DigammaGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(erfinv_grad, GPU, phi::ErfinvGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(trunc_grad, GPU, phi::TruncGradKernel, float, double, phi::float16,
                   phi::bfloat16);
