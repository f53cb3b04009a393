// Gradients of the unary math kernels. exp and sqrt read Out (dx = dout*out, dout/(2*out));
// relu6 reads Out (dout where 0 < out < threshold); log, abs (sign(x), 0 at 0), square and pow
// read X. dx may be nullptr when not wanted, and may share storage with its inputs.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ExpGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                   DenseTensor* dx);

template <typename T, typename Context>
void LogGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx);

template <typename T, typename Context>
void SqrtGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                    DenseTensor* dx);

template <typename T, typename Context>
void AbsGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   DenseTensor* dx);

template <typename T, typename Context>
void SquareGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx);

template <typename T, typename Context>
void Relu6GradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                     float threshold, DenseTensor* dx);

template <typename T, typename Context>
void PowGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* factor_tensor,
                   const DenseTensor& dout, float factor, DenseTensor* dx);

}  // namespace phi
