// Gradients of the kernels in elementwise_unary_kernel.h: each reads X (or Out where the
// record says so) and Out@GRAD; floor, ceil, round, sign and trunc have zero gradients (trunc's
// reads only Out@GRAD, as PaddlePaddle's trunc_grad).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void LeakyReluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         float alpha, DenseTensor* dx);

template <typename T, typename Context>
void EluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   float alpha, DenseTensor* dx);

template <typename T, typename Context>
void SeluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    float scale, float alpha, DenseTensor* dx);

template <typename T, typename Context>
void SoftplusGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                        float beta, float threshold, DenseTensor* dx);

template <typename T, typename Context>
void SwishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     float beta, DenseTensor* dx);

template <typename T, typename Context>
void SiluGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx);

template <typename T, typename Context>
void MishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    float threshold, DenseTensor* dx);

template <typename T, typename Context>
void LogsigmoidGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                          DenseTensor* dx);

template <typename T, typename Context>
void SoftsignGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                        DenseTensor* dx);

template <typename T, typename Context>
void ErfGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx);

template <typename T, typename Context>
void RsqrtGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     DenseTensor* dx);

template <typename T, typename Context>
void ReciprocalGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                          DenseTensor* dx);

template <typename T, typename Context>
void Log1pGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx);

template <typename T, typename Context>
void SinGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx);

template <typename T, typename Context>
void CosGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx);

template <typename T, typename Context>
void FloorGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx);

template <typename T, typename Context>
void CeilGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx);

template <typename T, typename Context>
void RoundGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx);

template <typename T, typename Context>
void SignGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx);

template <typename T, typename Context>
void TanGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx);

template <typename T, typename Context>
void AsinGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx);

template <typename T, typename Context>
void AcosGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx);

template <typename T, typename Context>
void AtanGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx);

template <typename T, typename Context>
void SinhGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx);

template <typename T, typename Context>
void CoshGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    DenseTensor* dx);

template <typename T, typename Context>
void AsinhGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx);

template <typename T, typename Context>
void AcoshGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx);

template <typename T, typename Context>
void AtanhGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                     DenseTensor* dx);

template <typename T, typename Context>
void Expm1GradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     DenseTensor* dx);

template <typename T, typename Context>
void LgammaGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx);

template <typename T, typename Context>
void DigammaGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                       DenseTensor* dx);

template <typename T, typename Context>
void ErfinvGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                      DenseTensor* dx);

template <typename T, typename Context>
void TruncGradKernel(const Context& dev_ctx, const DenseTensor& dout, DenseTensor* dx);

}  // namespace phi
