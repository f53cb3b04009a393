// fused_gemm_epilogue written once for both backends: Out = act(X @ Y + Bias) as one GEMM plus
// the epilogue pass (ReserveSpace keeps the pre-activation), and the two GEMMs of its grad that
// turn dZ, the pre-activation's gradient, into X@GRAD and Y@GRAD.
#pragma once

#include <string>

#include "paddle/phi/infermeta/fused.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/fused_activation.h"
#include "paddle/phi/kernels/fused_gemm_epilogue_kernel.h"

namespace phi {

template <typename T, typename Context>
void FusedGemmEpilogueKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                             const DenseTensor& bias, bool trans_x, bool trans_y,
                             const std::string& activation, DenseTensor* out,
                             DenseTensor* reserve_space) {
  const funcs::FusedActivation act = funcs::ParseFusedActivation(activation, "fused_gemm_epilogue");
  const GemmEpilogueDims d = ComputeGemmEpilogueDims(x.dims(), y.dims(), trans_x, trans_y);
  PD_CHECK(bias.numel() == d.n, InvalidArgument, "expected fused_gemm_epilogue's Bias to have ",
           d.n, " elements, but got ", bias.dims());
  out->Resize(d.out);
  T* result = dev_ctx.template Alloc<T>(out);
  funcs::GemmWeightsB(dev_ctx, trans_x, trans_y, d.m, d.n, d.k, x.data<T>(), y, result);
  T* pre = nullptr;
  if (reserve_space != nullptr) {
    reserve_space->Resize(d.out);
    pre = dev_ctx.template Alloc<T>(reserve_space);
  }
  funcs::ApplyBiasActivationRows(dev_ctx, act, result, d.m, d.n, bias.data<T>(), pre);
}

// X@GRAD and Y@GRAD (either may be null) from dz [M, N] on the context's device.
// op(X) [M, K], op(Y) [K, N]: d op(X) = dZ op(Y)^T, d op(Y) = op(X)^T dZ, each one GEMM on
// the stored matrices (transposed once more for a transposed operand).
template <typename T, typename Context>
void FusedGemmEpilogueInputGrads(const Context& dev_ctx, const DenseTensor& x,
                                 const DenseTensor& y, const T* dz, const GemmEpilogueDims& d,
                                 bool trans_x, bool trans_y, DenseTensor* x_grad,
                                 DenseTensor* y_grad) {
  if (x_grad != nullptr) {
    x_grad->Resize(x.dims());
    T* gx = dev_ctx.template Alloc<T>(x_grad);
    if (!trans_x) {
      funcs::Gemm(dev_ctx, false, !trans_y, d.m, d.k, d.n, dz, y.data<T>(), gx);
    } else {
      funcs::Gemm(dev_ctx, trans_y, true, d.k, d.m, d.n, y.data<T>(), dz, gx);
    }
  }
  if (y_grad != nullptr) {
    y_grad->Resize(y.dims());
    T* gy = dev_ctx.template Alloc<T>(y_grad);
    if (!trans_y) {
      funcs::Gemm(dev_ctx, !trans_x, false, d.k, d.n, d.m, x.data<T>(), dz, gy);
    } else {
      funcs::Gemm(dev_ctx, true, trans_x, d.n, d.k, d.m, dz, x.data<T>(), gy);
    }
  }
}

}  // namespace phi
