// fused_gemm_epilogue and its grad: Out = act(X @ Y + Bias) (act none, relu, or gelu in its
// tanh approximation) as one GEMM plus one sweep, as fuse_gemm_epilogue_pass produces from
// matmul_v2 / mul + elementwise_add (+ relu / gelu). ReserveSpace keeps the pre-activation.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void FusedGemmEpilogueKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                             const DenseTensor& bias, bool trans_x, bool trans_y,
                             const std::string& activation, DenseTensor* out,
                             DenseTensor* reserve_space);

// The activation's derivative comes from Out (relu) or from ReserveSpace (relu, gelu);
// activation_grad is "none", "relu_grad" or "gelu_grad" (the forward names also work).
template <typename T, typename Context>
void FusedGemmEpilogueGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                                 const DenseTensor* out, const DenseTensor* reserve_space,
                                 const DenseTensor& out_grad, bool trans_x, bool trans_y,
                                 const std::string& activation_grad, DenseTensor* x_grad,
                                 DenseTensor* y_grad, DenseTensor* bias_grad);

}  // namespace phi
