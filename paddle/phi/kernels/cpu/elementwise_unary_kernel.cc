#include "paddle/phi/kernels/elementwise_unary_kernel.h"

#include <algorithm>
#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/erf.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"

namespace phi {

template <typename T, typename Context>
void LeakyReluKernel(const Context& dev_ctx, const DenseTensor& x, float alpha, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "leaky_relu", funcs::LeakyReluFunctor<T>{static_cast<T>(alpha)});
}

template <typename T, typename Context>
void EluKernel(const Context& dev_ctx, const DenseTensor& x, float alpha, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "elu", funcs::EluFunctor<T>{static_cast<T>(alpha)});
}

template <typename T, typename Context>
void SeluKernel(const Context& dev_ctx, const DenseTensor& x, float scale, float alpha,
                DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "selu",
                  funcs::SeluFunctor<T>{static_cast<T>(scale), static_cast<T>(alpha)});
}

template <typename T, typename Context>
void SoftplusKernel(const Context& dev_ctx, const DenseTensor& x, float beta, float threshold,
                    DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "softplus",
                  funcs::SoftplusFunctor<T>{static_cast<T>(beta), static_cast<T>(threshold)});
}

template <typename T, typename Context>
void SwishKernel(const Context& dev_ctx, const DenseTensor& x, float beta, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "swish", funcs::SwishFunctor<T>{static_cast<T>(beta)});
}

template <typename T, typename Context>
void SiluKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "silu", funcs::SiluFunctor<T>());
}

template <typename T, typename Context>
void MishKernel(const Context& dev_ctx, const DenseTensor& x, float threshold, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "mish", funcs::MishFunctor<T>{static_cast<T>(threshold)});
}

template <typename T, typename Context>
void LogsigmoidKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "logsigmoid", funcs::LogsigmoidFunctor<T>());
}

template <typename T, typename Context>
void SoftsignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "softsign", funcs::SoftsignFunctor<T>());
}

template <typename T, typename Context>
void ErfKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::UnaryRanges<T>(dev_ctx, x, out, "erf", [](const T* in, T* result, int64_t count) {
    funcs::ErfScaled(in, T(1), count, result);
  });
}

template <typename T, typename Context>
void RsqrtKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "rsqrt", funcs::RsqrtFunctor<T>());
}

template <typename T, typename Context>
void ReciprocalKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "reciprocal", funcs::ReciprocalFunctor<T>());
}

template <typename T, typename Context>
void Log1pKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "log1p", funcs::Log1pFunctor<T>());
}

template <typename T, typename Context>
void SinKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "sin", funcs::SinFunctor<T>());
}

template <typename T, typename Context>
void CosKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "cos", funcs::CosFunctor<T>());
}

template <typename T, typename Context>
void FloorKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "floor", funcs::FloorFunctor<T>());
}

template <typename T, typename Context>
void CeilKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "ceil", funcs::CeilFunctor<T>());
}

template <typename T, typename Context>
void RoundKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "round", funcs::RoundFunctor<T>());
}

template <typename T, typename Context>
void SignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "sign", funcs::SignFunctor<T>());
}

template <typename T, typename Context>
void TanKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "tan", funcs::TanFunctor<T>());
}

template <typename T, typename Context>
void AsinKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "asin", funcs::AsinFunctor<T>());
}

template <typename T, typename Context>
void AcosKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "acos", funcs::AcosFunctor<T>());
}

template <typename T, typename Context>
void AtanKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "atan", funcs::AtanFunctor<T>());
}

template <typename T, typename Context>
void SinhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "sinh", funcs::SinhFunctor<T>());
}

template <typename T, typename Context>
void CoshKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "cosh", funcs::CoshFunctor<T>());
}

template <typename T, typename Context>
void AsinhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "asinh", funcs::AsinhFunctor<T>());
}

template <typename T, typename Context>
void AcoshKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "acosh", funcs::AcoshFunctor<T>());
}

template <typename T, typename Context>
void AtanhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "atanh", funcs::AtanhFunctor<T>());
}

template <typename T, typename Context>
void Expm1Kernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "expm1", funcs::Expm1Functor<T>());
}

template <typename T, typename Context>
void LgammaKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "lgamma", funcs::LgammaFunctor<T>());
}

template <typename T, typename Context>
void DigammaKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "digamma", funcs::DigammaFunctor<T>());
}

template <typename T, typename Context>
void ErfinvKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "erfinv", funcs::ErfinvFunctor<T>());
}

template <typename T, typename Context>
void TruncKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::Unary<T>(dev_ctx, x, out, "trunc", funcs::TruncFunctor<T>());
}

}  // namespace phi

PD_REGISTER_KERNEL(leaky_relu, CPU, phi::LeakyReluKernel, float, double);
PD_REGISTER_KERNEL(elu, CPU, phi::EluKernel, float, double);
PD_REGISTER_KERNEL(selu, CPU, phi::SeluKernel, float, double);
PD_REGISTER_KERNEL(softplus, CPU, phi::SoftplusKernel, float, double);
PD_REGISTER_KERNEL(swish, CPU, phi::SwishKernel, float, double);
PD_REGISTER_KERNEL(silu, CPU, phi::SiluKernel, float, double);
PD_REGISTER_KERNEL(mish, CPU, phi::MishKernel, float, double);
PD_REGISTER_KERNEL(logsigmoid, CPU, phi::LogsigmoidKernel, float, double);
PD_REGISTER_KERNEL(softsign, CPU, phi::SoftsignKernel, float, double);
PD_REGISTER_KERNEL(erf, CPU, phi::ErfKernel, float, double);
PD_REGISTER_KERNEL(rsqrt, CPU, phi::RsqrtKernel, float, double);
PD_REGISTER_KERNEL(reciprocal, CPU, phi::ReciprocalKernel, float, double);
PD_REGISTER_KERNEL(log1p, CPU, phi::Log1pKernel, float, double);
PD_REGISTER_KERNEL(sin, CPU, phi::SinKernel, float, double);
PD_REGISTER_KERNEL(cos, CPU, phi::CosKernel, float, double);
PD_REGISTER_KERNEL(floor, CPU, phi::FloorKernel, float, double);
PD_REGISTER_KERNEL(ceil, CPU, phi::CeilKernel, float, double);
PD_REGISTER_KERNEL(round, CPU, phi::RoundKernel, float, double);
PD_REGISTER_KERNEL(sign, CPU, phi::SignKernel, float, double);
PD_REGISTER_KERNEL(tan, CPU, phi::TanKernel, float, double);
PD_REGISTER_KERNEL(asin, CPU, phi::AsinKernel, float, double);
PD_REGISTER_KERNEL(acos, CPU, phi::AcosKernel, float, double);
PD_REGISTER_KERNEL(atan, CPU, phi::AtanKernel, float, double);
PD_REGISTER_KERNEL(sinh, CPU, phi::SinhKernel, float, double);
PD_REGISTER_KERNEL(cosh, CPU, phi::CoshKernel, float, double);
PD_REGISTER_KERNEL(asinh, CPU, phi::AsinhKernel, float, double);
PD_REGISTER_KERNEL(acosh, CPU, phi::AcoshKernel, float, double);
PD_REGISTER_KERNEL(atanh, CPU, phi::AtanhKernel, float, double);
PD_REGISTER_KERNEL(expm1, CPU, phi::Expm1Kernel, float, double);
PD_REGISTER_KERNEL(lgamma, CPU, phi::LgammaKernel, float, double);
PD_REGISTER_KERNEL(digamma, CPU, phi::DigammaKernel, float, double);
PD_REGISTER_KERNEL(erfinv, CPU, phi::ErfinvKernel, float, double);
PD_REGISTER_KERNEL(trunc, CPU, phi::TruncKernel, float, double);
