// matmul_v2_grad_grad: the grad of matmul_grad. With DDX / DDY the gradients arriving at
// matmul_grad's outputs X@GRAD / Y@GRAD (each optional: absent means zero):
//   DDOut = matmul(DDX, Y) + matmul(X, DDY)             (the gradient of DOut)
//   DX    = matmul_grad(X, DDY, DOut)'s X gradient        (the gradient of the saved X)
//   DY    = matmul_grad(DDX, Y, DOut)'s Y gradient        (the gradient of the saved Y)
// all with the forward's trans_x / trans_y, through matmul's own kernels (one BLAS path).
// Any output may be null (not wanted).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MatmulDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                            const DenseTensor& dout, const DenseTensor* ddx, const DenseTensor* ddy,
                            bool trans_x, bool trans_y, DenseTensor* dx, DenseTensor* dy,
                            DenseTensor* ddout);

// matmul_v2_triple_grad: the grad of matmul_v2_grad_grad. With G1 / G2 / G3 the gradients
// arriving at its DX / DY / DDOut (each optional), and since DX = <DOut, op(.) op(DDY)>'s X
// gradient and DY = <DOut, op(DDX) op(.)>'s Y gradient:
//   D_X_out    = matmul_grad(X, DDY, G3)'s X gradient
//   D_Y_out    = matmul_grad(DDX, Y, G3)'s Y gradient
//   D_DOut_out = matmul(G1, DDY) + matmul(DDX, G2)
//   D_DDX_out  = matmul_grad(DDX, Y, G3)'s X gradient + matmul_grad(DDX, G2, DOut)'s
//   D_DDY_out  = matmul_grad(X, DDY, G3)'s Y gradient + matmul_grad(G1, DDY, DOut)'s
// (absent terms are zero). Any output may be null.
template <typename T, typename Context>
void MatmulTripleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                            const DenseTensor& dout, const DenseTensor* ddx, const DenseTensor* ddy,
                            const DenseTensor* d_dx, const DenseTensor* d_dy,
                            const DenseTensor* d_ddout, bool trans_x, bool trans_y,
                            DenseTensor* d_x, DenseTensor* d_y, DenseTensor* d_dout,
                            DenseTensor* d_ddx, DenseTensor* d_ddy);

}  // namespace phi
