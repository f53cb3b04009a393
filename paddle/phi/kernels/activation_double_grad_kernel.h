// Double grad kernels of the unary activations (grad ops of relu_grad, tanh_grad, sigmoid_grad,
// square_grad, log_grad, exp_grad, sqrt_grad, leaky_relu_grad): with the first grad dx = f(a, dout)
// (a the saved Out or X), and DDX the gradient arriving at dx, they give DDOut = DDX * df/ddout
// (the gradient of dout) and DOutNew / DX = DDX * df/da (the gradient of the saved tensor). Either
// output may be null.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// ddout = ddx where out > 0, else 0.
template <typename T, typename Context>
void ReluDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& ddx,
                          DenseTensor* ddout);

// dx = dout * (1 - out^2): ddout = ddx * (1 - out^2), dout_new = -2 * out * dout * ddx.
template <typename T, typename Context>
void TanhDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                          const DenseTensor& ddx, DenseTensor* dout_new, DenseTensor* ddout);

// dx = dout * out * (1 - out): ddout = ddx * out * (1 - out), dout_new = dout * ddx * (1 - 2 out).
template <typename T, typename Context>
void SigmoidDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out,
                             const DenseTensor& dout, const DenseTensor& ddx, DenseTensor* dout_new,
                             DenseTensor* ddout);

// dx = 2 x dout: ddout = 2 x ddx, dx_new = 2 dout ddx.
template <typename T, typename Context>
void SquareDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                            const DenseTensor& ddx, DenseTensor* dx, DenseTensor* ddout);

// dx = dout / x: ddout = ddx / x, dx_new = -dout * ddx / x^2.
template <typename T, typename Context>
void LogDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         const DenseTensor& ddx, DenseTensor* dx, DenseTensor* ddout);

// dx = dout * out: ddout = ddx * out, dout_new = dout * ddx.
template <typename T, typename Context>
void ExpDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                         const DenseTensor& ddx, DenseTensor* dout_new, DenseTensor* ddout);

// dx = dout / (2 out), read back as `dx`: ddout = ddx / (2 out), dout_new = -dx * ddx / out
// (the gradient of the saved Out).
template <typename T, typename Context>
void SqrtDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dx,
                          const DenseTensor& ddx, DenseTensor* dout_new, DenseTensor* ddout);

// dx = dout where x > 0, else alpha * dout: ddout = ddx likewise.
template <typename T, typename Context>
void LeakyReluDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& ddx,
                               float alpha, DenseTensor* ddout);

// dx = dout * f x^(f-1): ddout = ddx * f x^(f-1), dx_new = dout * ddx * f (f-1) x^(f-2).
template <typename T, typename Context>
void PowDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         const DenseTensor& ddx, double factor, DenseTensor* dx,
                         DenseTensor* ddout);

// dx = dout * sign(x): ddout = ddx * sign(x) (0 at 0).
template <typename T, typename Context>
void AbsDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& ddx,
                         DenseTensor* ddout);

// dx = dout * s with s = sigmoid(beta x) (1 where beta x > threshold): ddout = ddx * s,
// dx_new = dout * ddx * beta * s * (1 - s) (0 past the threshold).
template <typename T, typename Context>
void SoftplusDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                              const DenseTensor& ddx, float beta, float threshold, DenseTensor* dx,
                              DenseTensor* ddout);

// Triple grads: the grad ops of tanh_grad_grad / sigmoid_grad_grad. With a = D_DOut_New and
// b = D_DDOut (the gradients arriving at DOutNew and DDOut; null means zero) they give the
// gradients of its Out (D_OutNew), DOut (D_DOut) and DDX (D_DDx). For tanh:
// d_out_new = -2 ddx (a dout + b out), d_dout = -2 a out ddx, d_ddx = -2 a out dout + b (1 -
// out^2).
template <typename T, typename Context>
void TanhTripleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& ddx,
                          const DenseTensor& dout, const DenseTensor* d_ddout,
                          const DenseTensor* d_dout_new, DenseTensor* d_out_new,
                          DenseTensor* d_dout, DenseTensor* d_ddx);

// For sigmoid: d_out_new = ddx (b (1 - 2 out) - 2 a dout), d_dout = a ddx (1 - 2 out),
// d_ddx = a dout (1 - 2 out) + b out (1 - out).
template <typename T, typename Context>
void SigmoidTripleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& ddx,
                             const DenseTensor& dout, const DenseTensor* d_ddout,
                             const DenseTensor* d_dout_new, DenseTensor* d_out_new,
                             DenseTensor* d_dout, DenseTensor* d_ddx);

}  // namespace phi
