// Elementwise unary math kernels: exp, log, sqrt, abs, square, relu6 (min(max(x, 0),
// threshold)) and pow (x^factor; the op's FactorTensor gives factor: tensor_attrs). Out may
// share X's storage.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ExpKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void LogKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void SqrtKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void AbsKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void SquareKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

template <typename T, typename Context>
void Relu6Kernel(const Context& dev_ctx, const DenseTensor& x, float threshold, DenseTensor* out);

// out = x * min(max(x + offset, 0), threshold) / scale (MobileNetV3's h-swish).
template <typename T, typename Context>
void HardSwishKernel(const Context& dev_ctx, const DenseTensor& x, float threshold, float scale,
                     float offset, DenseTensor* out);

// out = min(max(slope * x + offset, 0), 1).
template <typename T, typename Context>
void HardSigmoidKernel(const Context& dev_ctx, const DenseTensor& x, float slope, float offset,
                       DenseTensor* out);

template <typename T, typename Context>
void PowKernel(const Context& dev_ctx, const DenseTensor& x, double factor, DenseTensor* out);

}  // namespace phi
