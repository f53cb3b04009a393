// lrn (local response normalization across channels) of a 4-D NCHW or NHWC tensor:
// MidOut = k + alpha * sum of X^2 over the n channels centred on each channel (n odd, the
// window cut at the edges), Out = X * MidOut^-beta. The grad reads X, Out and MidOut.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void LrnKernel(const Context& dev_ctx, const DenseTensor& x, int n, float k, float alpha,
               float beta, const std::string& data_format, DenseTensor* out, DenseTensor* mid_out);

template <typename T, typename Context>
void LrnGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                   const DenseTensor& mid_out, const DenseTensor& dout, int n, float alpha,
                   float beta, const std::string& data_format, DenseTensor* dx);

}  // namespace phi
