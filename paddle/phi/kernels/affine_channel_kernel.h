// affine_channel: Out = X * Scale[c] + Bias[c] per channel c (dim 1 for "NCHW", the last dim
// otherwise). The grad gives X@GRAD = Out@GRAD * Scale[c] and sums Out@GRAD * X and Out@GRAD
// over everything but the channel for Scale@GRAD and Bias@GRAD; each grad output may be absent.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void AffineChannelKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                         const DenseTensor& bias, const std::string& data_layout, DenseTensor* out);

template <typename T, typename Context>
void AffineChannelGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& scale,
                             const DenseTensor& dout, const std::string& data_layout,
                             DenseTensor* dx, DenseTensor* dscale, DenseTensor* dbias);

}  // namespace phi
