// Double grad kernels of the broadcast binary elementwise ops (grad ops of add_grad,
// subtract_grad, multiply_grad, divide_grad). DDX / DDY are the gradients arriving at the first
// grad's X@GRAD / Y@GRAD (each optional: absent means zero); DDOut is the gradient of DOut (DOut's
// dims), DX / DY those of the saved X / Y (their dims). Any output may be null.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// add_grad is linear in DOut alone: DDOut = DDX + DDY (broadcast to DOut's dims).
template <typename T, typename Context>
void AddDoubleGradKernel(const Context& dev_ctx, const DenseTensor& y, const DenseTensor& dout,
                         const DenseTensor* ddx, const DenseTensor* ddy, int axis,
                         DenseTensor* ddout);

// DDOut = DDX - DDY (broadcast to DOut's dims).
template <typename T, typename Context>
void SubtractDoubleGradKernel(const Context& dev_ctx, const DenseTensor& y, const DenseTensor& dout,
                              const DenseTensor* ddx, const DenseTensor* ddy, int axis,
                              DenseTensor* ddout);

// multiply_grad: dx = dout * y, dy = dout * x (summed to their dims). So DDOut = DDX * Y +
// X * DDY, DX = DOut * DDY summed to X's dims, DY = DOut * DDX summed to Y's dims (the last
// two through multiply_grad itself).
template <typename T, typename Context>
void MultiplyDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                              const DenseTensor& dout, const DenseTensor* ddx,
                              const DenseTensor* ddy, int axis, DenseTensor* dx, DenseTensor* dy,
                              DenseTensor* ddout);

// divide_grad: dx = dout / y, dy = -dout * out / y (summed to their dims), with Out a saved
// input. So DDOut = (DDX - Out * DDY) / Y, DOut (the gradient of Out) = -DOut * DDY / Y, and
// Y@GRAD = DOut * (Out * DDY - DDX) / Y^2 summed to Y's dims.
template <typename T, typename Context>
void DivideDoubleGradKernel(const Context& dev_ctx, const DenseTensor& y, const DenseTensor& out,
                            const DenseTensor& dout, const DenseTensor* ddx, const DenseTensor* ddy,
                            int axis, DenseTensor* dy, DenseTensor* dout_new, DenseTensor* ddout);

// elementwise_add_triple_grad: add_grad_grad's DDOut = DDX + DDY, so D_DDX / D_DDY are
// D_DDOut summed to DDX's / DDY's dims (add_grad itself; a wanted one needs its input).
template <typename T, typename Context>
void AddTripleGradKernel(const Context& dev_ctx, const DenseTensor* ddx, const DenseTensor* ddy,
                         const DenseTensor& d_ddout, int axis, DenseTensor* d_ddx,
                         DenseTensor* d_ddy);

// elementwise_mul_triple_grad: the grad of multiply_double_grad. With G1 / G2 / G3 the gradients
// arriving at its X@GRAD / Y@GRAD / DDOut (each optional) and sums to X's / Y's dims:
//   D_X = sum(G3 * DDY), D_Y = sum(G3 * DDX), D_DOut = G1 * DDY + DDX * G2,
//   D_DDX = sum(G2 * DOut + G3 * Y), D_DDY = sum(G1 * DOut + G3 * X)
// (absent terms are zero). Any output may be null.
template <typename T, typename Context>
void MultiplyTripleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                              const DenseTensor& dout, const DenseTensor* ddx,
                              const DenseTensor* ddy, const DenseTensor* d_dx,
                              const DenseTensor* d_dy, const DenseTensor* d_ddout, int axis,
                              DenseTensor* d_x, DenseTensor* d_y, DenseTensor* d_dout,
                              DenseTensor* d_ddx, DenseTensor* d_ddy);

}  // namespace phi
