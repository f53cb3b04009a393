// The kernels of elementwise_unary_kernel.h on GPU (leaky_relu, elu, selu, softplus, swish,
// silu, mish, logsigmoid, softsign, erf, rsqrt, reciprocal, log1p, sin, cos, floor, ceil, round,
// sign and the trigonometric, hyperbolic and special functions through trunc): one elementwise
// launch each over the CPU's functors (funcs/activation_functor.h).
#include "paddle/phi/kernels/elementwise_unary_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"

namespace phi {

template <typename T, typename Context>
void LeakyReluKernel(const Context& dev_ctx, const DenseTensor& x, float alpha, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "leaky_relu",
                      funcs::LeakyReluFunctor<Acc>{static_cast<Acc>(alpha)});
}

template <typename T, typename Context>
void EluKernel(const Context& dev_ctx, const DenseTensor& x, float alpha, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "elu", funcs::EluFunctor<Acc>{static_cast<Acc>(alpha)});
}

template <typename T, typename Context>
void SeluKernel(const Context& dev_ctx, const DenseTensor& x, float scale, float alpha,
                DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "selu",
                      funcs::SeluFunctor<Acc>{static_cast<Acc>(scale), static_cast<Acc>(alpha)});
}

template <typename T, typename Context>
void SoftplusKernel(const Context& dev_ctx, const DenseTensor& x, float beta, float threshold,
                    DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  const funcs::SoftplusFunctor<Acc> op{static_cast<Acc>(beta), static_cast<Acc>(threshold)};
  gpu::LaunchUnary<T>(dev_ctx, x, out, "softplus", op);
}

template <typename T, typename Context>
void SwishKernel(const Context& dev_ctx, const DenseTensor& x, float beta, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "swish", funcs::SwishFunctor<Acc>{static_cast<Acc>(beta)});
}

template <typename T, typename Context>
void SiluKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "silu", funcs::SiluFunctor<Acc>());
}

template <typename T, typename Context>
void MishKernel(const Context& dev_ctx, const DenseTensor& x, float threshold, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "mish",
                      funcs::MishFunctor<Acc>{static_cast<Acc>(threshold)});
}

template <typename T, typename Context>
void LogsigmoidKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "logsigmoid", funcs::LogsigmoidFunctor<Acc>());
}

template <typename T, typename Context>
void SoftsignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "softsign", funcs::SoftsignFunctor<Acc>());
}

template <typename T, typename Context>
void ErfKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "erf", funcs::ErfFunctor<Acc>());
}

template <typename T, typename Context>
void RsqrtKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "rsqrt", funcs::RsqrtFunctor<Acc>());
}

template <typename T, typename Context>
void ReciprocalKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "reciprocal", funcs::ReciprocalFunctor<Acc>());
}

template <typename T, typename Context>
void Log1pKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "log1p", funcs::Log1pFunctor<Acc>());
}

template <typename T, typename Context>
void SinKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "sin", funcs::SinFunctor<Acc>());
}

template <typename T, typename Context>
void CosKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "cos", funcs::CosFunctor<Acc>());
}

template <typename T, typename Context>
void FloorKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "floor", funcs::FloorFunctor<Acc>());
}

template <typename T, typename Context>
void CeilKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "ceil", funcs::CeilFunctor<Acc>());
}

template <typename T, typename Context>
void RoundKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "round", funcs::RoundFunctor<Acc>());
}

template <typename T, typename Context>
void SignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "sign", funcs::SignFunctor<Acc>());
}

template <typename T, typename Context>
void TanKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "tan", funcs::TanFunctor<Acc>());
}

template <typename T, typename Context>
void AsinKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "asin", funcs::AsinFunctor<Acc>());
}

template <typename T, typename Context>
void AcosKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "acos", funcs::AcosFunctor<Acc>());
}

template <typename T, typename Context>
void AtanKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "atan", funcs::AtanFunctor<Acc>());
}

template <typename T, typename Context>
void SinhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "sinh", funcs::SinhFunctor<Acc>());
}

template <typename T, typename Context>
void CoshKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "cosh", funcs::CoshFunctor<Acc>());
}

template <typename T, typename Context>
void AsinhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "asinh", funcs::AsinhFunctor<Acc>());
}

template <typename T, typename Context>
void AcoshKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "acosh", funcs::AcoshFunctor<Acc>());
}

template <typename T, typename Context>
void AtanhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "atanh", funcs::AtanhFunctor<Acc>());
}

template <typename T, typename Context>
void Expm1Kernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "expm1", funcs::Expm1Functor<Acc>());
}

template <typename T, typename Context>
void LgammaKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "lgamma", funcs::LgammaFunctor<Acc>());
}

template <typename T, typename Context>
void DigammaKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "digamma", funcs::DigammaFunctor<Acc>());
}

template <typename T, typename Context>
void ErfinvKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "erfinv", funcs::ErfinvFunctor<Acc>());
}

template <typename T, typename Context>
void TruncKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using Acc = gpu::AccType<T>;
  gpu::LaunchUnary<T>(dev_ctx, x, out, "trunc", funcs::TruncFunctor<Acc>());
}

}  // namespace phi

PD_REGISTER_KERNEL(leaky_relu, GPU, phi::LeakyReluKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(elu, GPU, phi::EluKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(selu, GPU, phi::SeluKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(softplus, GPU, phi::SoftplusKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(swish, GPU, phi::SwishKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(silu, GPU, phi::SiluKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(mish, GPU, phi::MishKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(logsigmoid, GPU, phi::LogsigmoidKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(softsign, GPU, phi::SoftsignKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(erf, GPU, phi::ErfKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(rsqrt, GPU, phi::RsqrtKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(reciprocal, GPU, phi::ReciprocalKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(log1p, GPU, phi::Log1pKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(sin, GPU, phi::SinKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(cos, GPU, phi::CosKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(floor, GPU, phi::FloorKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(ceil, GPU, phi::CeilKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(round, GPU, phi::RoundKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(sign, GPU, phi::SignKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(tan, GPU, phi::TanKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(asin, GPU, phi::AsinKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(acos, GPU, phi::AcosKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(atan, GPU, phi::AtanKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(sinh, GPU, phi::SinhKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(cosh, GPU, phi::CoshKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(asinh, GPU, phi::AsinhKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(acosh, GPU, phi::AcoshKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(atanh, GPU, phi::AtanhKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(expm1, GPU, phi::Expm1Kernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(lgamma, GPU, phi::LgammaKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(digamma, GPU, phi::DigammaKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(erfinv, GPU, phi::ErfinvKernel, float, double, phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(trunc, GPU, phi::TruncKernel, float, double, phi::float16, phi::bfloat16);
