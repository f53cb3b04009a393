#include "paddle/phi/kernels/elementwise_unary_grad_kernel.h"

#include <cmath>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/activation_functor.h"
#include "paddle/phi/kernels/funcs/unary_elementwise.h"

namespace phi {

template <typename T, typename Context>
void LeakyReluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         float alpha, DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "leaky_relu_grad",
                      funcs::LeakyReluGradFunctor<T>{static_cast<T>(alpha)});
}

template <typename T, typename Context>
void EluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   float alpha, DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "elu_grad",
                      funcs::EluGradFunctor<T>{static_cast<T>(alpha)});
}

template <typename T, typename Context>
void SeluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    float scale, float alpha, DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "selu_grad",
                      funcs::SeluGradFunctor<T>{static_cast<T>(scale), static_cast<T>(alpha)});
}

template <typename T, typename Context>
void SoftplusGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                        float beta, float threshold, DenseTensor* dx) {
  funcs::UnaryGrad<T>(
      dev_ctx, x, dout, dx, "softplus_grad",
      funcs::SoftplusGradFunctor<T>{static_cast<T>(beta), static_cast<T>(threshold)});
}

template <typename T, typename Context>
void SwishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     float beta, DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "swish_grad",
                      funcs::SwishGradFunctor<T>{static_cast<T>(beta)});
}

template <typename T, typename Context>
void SiluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "silu_grad", funcs::SiluGradFunctor<T>());
}

template <typename T, typename Context>
void MishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    float threshold, DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "mish_grad",
                      funcs::MishGradFunctor<T>{static_cast<T>(threshold)});
}

template <typename T, typename Context>
void LogsigmoidGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                          DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "logsigmoid_grad",
                      funcs::LogsigmoidGradFunctor<T>());
}

template <typename T, typename Context>
void SoftsignGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                        DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "softsign_grad", funcs::SoftsignGradFunctor<T>());
}

template <typename T, typename Context>
void ErfGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "erf_grad", funcs::ErfGradFunctor<T>());
}

template <typename T, typename Context>
void RsqrtGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, out, dout, dx, "rsqrt_grad", funcs::RsqrtGradFunctor<T>());
}

template <typename T, typename Context>
void ReciprocalGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                          DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, out, dout, dx, "reciprocal_grad",
                      funcs::ReciprocalGradFunctor<T>());
}

template <typename T, typename Context>
void Log1pGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "log1p_grad", funcs::Log1pGradFunctor<T>());
}

template <typename T, typename Context>
void SinGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "sin_grad", funcs::SinGradFunctor<T>());
}

template <typename T, typename Context>
void CosGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "cos_grad", funcs::CosGradFunctor<T>());
}

template <typename T, typename Context>
void FloorGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "floor_grad", funcs::ZeroGradFunctor<T>());
}

template <typename T, typename Context>
void CeilGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "ceil_grad", funcs::ZeroGradFunctor<T>());
}

template <typename T, typename Context>
void RoundGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "round_grad", funcs::ZeroGradFunctor<T>());
}

template <typename T, typename Context>
void SignGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "sign_grad", funcs::ZeroGradFunctor<T>());
}

template <typename T, typename Context>
void TanGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "tan_grad", funcs::TanGradFunctor<T>());
}

template <typename T, typename Context>
void AsinGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "asin_grad", funcs::AsinGradFunctor<T>());
}

template <typename T, typename Context>
void AcosGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "acos_grad", funcs::AcosGradFunctor<T>());
}

template <typename T, typename Context>
void AtanGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "atan_grad", funcs::AtanGradFunctor<T>());
}

template <typename T, typename Context>
void SinhGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "sinh_grad", funcs::SinhGradFunctor<T>());
}

template <typename T, typename Context>
void CoshGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "cosh_grad", funcs::CoshGradFunctor<T>());
}

template <typename T, typename Context>
void AsinhGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "asinh_grad", funcs::AsinhGradFunctor<T>());
}

template <typename T, typename Context>
void AcoshGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "acosh_grad", funcs::AcoshGradFunctor<T>());
}

template <typename T, typename Context>
void AtanhGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "atanh_grad", funcs::AtanhGradFunctor<T>());
}

template <typename T, typename Context>
void Expm1GradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, out, dout, dx, "expm1_grad", funcs::Expm1GradFunctor<T>());
}

template <typename T, typename Context>
void LgammaGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "lgamma_grad", funcs::LgammaGradFunctor<T>());
}

template <typename T, typename Context>
void DigammaGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                       DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, x, dout, dx, "digamma_grad", funcs::DigammaGradFunctor<T>());
}

template <typename T, typename Context>
void ErfinvGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                      DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, out, dout, dx, "erfinv_grad", funcs::ErfinvGradFunctor<T>());
}

template <typename T, typename Context>
void TruncGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx) {
  funcs::UnaryGrad<T>(dev_ctx, dout, dout, dx, "trunc_grad", funcs::ZeroGradFunctor<T>());
}

}  // namespace phi

PD_REGISTER_KERNEL(leaky_relu_grad, CPU, phi::LeakyReluGradKernel, float, double);
PD_REGISTER_KERNEL(elu_grad, CPU, phi::EluGradKernel, float, double);
PD_REGISTER_KERNEL(selu_grad, CPU, phi::SeluGradKernel, float, double);
PD_REGISTER_KERNEL(softplus_grad, CPU, phi::SoftplusGradKernel, float, double);
PD_REGISTER_KERNEL(swish_grad, CPU, phi::SwishGradKernel, float, double);
PD_REGISTER_KERNEL(silu_grad, CPU, phi::SiluGradKernel, float, double);
PD_REGISTER_KERNEL(mish_grad, CPU, phi::MishGradKernel, float, double);
PD_REGISTER_KERNEL(logsigmoid_grad, CPU, phi::LogsigmoidGradKernel, float, double);
PD_REGISTER_KERNEL(softsign_grad, CPU, phi::SoftsignGradKernel, float, double);
PD_REGISTER_KERNEL(erf_grad, CPU, phi::ErfGradKernel, float, double);
PD_REGISTER_KERNEL(rsqrt_grad, CPU, phi::RsqrtGradKernel, float, double);
PD_REGISTER_KERNEL(reciprocal_grad, CPU, phi::ReciprocalGradKernel, float, double);
PD_REGISTER_KERNEL(log1p_grad, CPU, phi::Log1pGradKernel, float, double);
PD_REGISTER_KERNEL(sin_grad, CPU, phi::SinGradKernel, float, double);
PD_REGISTER_KERNEL(cos_grad, CPU, phi::CosGradKernel, float, double);
PD_REGISTER_KERNEL(floor_grad, CPU, phi::FloorGradKernel, float, double);
PD_REGISTER_KERNEL(ceil_grad, CPU, phi::CeilGradKernel, float, double);
PD_REGISTER_KERNEL(round_grad, CPU, phi::RoundGradKernel, float, double);
PD_REGISTER_KERNEL(sign_grad, CPU, phi::SignGradKernel, float, double);
PD_REGISTER_KERNEL(tan_grad, CPU, phi::TanGradKernel, float, double);
PD_REGISTER_KERNEL(asin_grad, CPU, phi::AsinGradKernel, float, double);
PD_REGISTER_KERNEL(acos_grad, CPU, phi::AcosGradKernel, float, double);
PD_REGISTER_KERNEL(atan_grad, CPU, phi::AtanGradKernel, float, double);
PD_REGISTER_KERNEL(sinh_grad, CPU, phi::SinhGradKernel, float, double);
PD_REGISTER_KERNEL(cosh_grad, CPU, phi::CoshGradKernel, float, double);
PD_REGISTER_KERNEL(asinh_grad, CPU, phi::AsinhGradKernel, float, double);
PD_REGISTER_KERNEL(acosh_grad, CPU, phi::AcoshGradKernel, float, double);
PD_REGISTER_KERNEL(atanh_grad, CPU, phi::AtanhGradKernel, float, double);
PD_REGISTER_KERNEL(expm1_grad, CPU, phi::Expm1GradKernel, float, double);
PD_REGISTER_KERNEL(lgamma_grad, CPU, phi::LgammaGradKernel, float, double);
PD_REGISTER_KERNEL(digamma_grad, CPU, phi::DigammaGradKernel, float, double);
PD_REGISTER_KERNEL(erfinv_grad, CPU, phi::ErfinvGradKernel, float, double);
PD_REGISTER_KERNEL(trunc_grad, CPU, phi::TruncGradKernel, float, double);
