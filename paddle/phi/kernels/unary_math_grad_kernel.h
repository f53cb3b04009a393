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

// hard_swish_grad reads X: dx = dout * (2x + offset) / scale inside the ramp,
// dout * threshold / scale above it.
template <typename T, typename Context>
void HardSwishGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         float threshold, float scale, float offset, DenseTensor* dx);

// hard_sigmoid_grad reads Out: dx = dout * slope where 0 < out < 1.
template <typename T, typename Context>
void HardSigmoidGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                           float slope, float offset, DenseTensor* dx);

template <typename T, typename Context>
void PowGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   double factor, DenseTensor* dx);

}  // namespace phi
