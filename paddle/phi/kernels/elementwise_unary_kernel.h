// Elementwise activations and math functions beyond unary_math_kernel.h: leaky_relu, elu,
// selu, softplus, swish, silu, mish, logsigmoid, softsign, erf, rsqrt, reciprocal, log1p,
// sin, cos, floor, ceil, round (half away from zero), sign, tan, asin, acos, atan, sinh, cosh,
// asinh, acosh, atanh, expm1, lgamma, digamma, erfinv and trunc. Out may share X's storage.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void LeakyReluKernel(const Context& dev_ctx, const DenseTensor& x, float alpha, DenseTensor* out);

template <typename T, typename Context>
void EluKernel(const Context& dev_ctx, const DenseTensor& x, float alpha, DenseTensor* out);

template <typename T, typename Context>
void SeluKernel(const Context& dev_ctx, const DenseTensor& x, float scale, float alpha,
                DenseTensor* out);

template <typename T, typename Context>
void SoftplusKernel(const Context& dev_ctx, const DenseTensor& x, float beta, float threshold,
                    DenseTensor* out);

template <typename T, typename Context>
void SwishKernel(const Context& dev_ctx, const DenseTensor& x, float beta, DenseTensor* out);

template <typename T, typename Context>
void SiluKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void MishKernel(const Context& dev_ctx, const DenseTensor& x, float threshold, DenseTensor* out);

template <typename T, typename Context>
void LogsigmoidKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void SoftsignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void ErfKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void RsqrtKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void ReciprocalKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void Log1pKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void SinKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void CosKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void FloorKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void CeilKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void RoundKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void SignKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void TanKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void AsinKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void AcosKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void AtanKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void SinhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void CoshKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void AsinhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void AcoshKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void AtanhKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void Expm1Kernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void LgammaKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void DigammaKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void ErfinvKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void TruncKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

}  // namespace phi
