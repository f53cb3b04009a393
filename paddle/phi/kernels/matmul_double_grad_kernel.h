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

}  // namespace phi
