// Dense linear-algebra kernels over batches of matrices [..., M, N] (CPU, Eigen): inverse,
// determinant, slogdeterminant, solve, cholesky and triangular_solve with their grads, and the
// decompositions qr, svd and eigh (with eigh's grad). A singular matrix (inverse, solve) or one
// that is not positive definite (cholesky) raises InvalidArgument naming the op and batch index.
#pragma once

#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void InverseKernel(const Context& dev_ctx, const DenseTensor& input, DenseTensor* output);
// Input@GRAD = -Output^T Output@GRAD Output^T.
template <typename T, typename Context>
void InverseGradKernel(const Context& dev_ctx, const DenseTensor& output,
                       const DenseTensor& output_grad, DenseTensor* input_grad);

template <typename T, typename Context>
void DeterminantKernel(const Context& dev_ctx, const DenseTensor& input, DenseTensor* out);
// Input@GRAD = Out@GRAD * det * Input^-T (zeros where det is 0, as PaddlePaddle gives).
template <typename T, typename Context>
void DeterminantGradKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& out,
                           const DenseTensor& out_grad, DenseTensor* input_grad);

// Out [2, ...]: Out[0] the sign of det (0 when singular), Out[1] log|det| (-inf when singular).
template <typename T, typename Context>
void SlogDeterminantKernel(const Context& dev_ctx, const DenseTensor& input, DenseTensor* out);
// Input@GRAD = Out@GRAD[1] * Input^-T (the sign has no gradient; zeros where singular).
template <typename T, typename Context>
void SlogDeterminantGradKernel(const Context& dev_ctx, const DenseTensor& input,
                               const DenseTensor& out, const DenseTensor& out_grad,
                               DenseTensor* input_grad);

// Out = X^-1 Y, Y [..., N, K] or a vector [N]; batch dims broadcast.
template <typename T, typename Context>
void SolveKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                 DenseTensor* out);
template <typename T, typename Context>
void SolveGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                     const DenseTensor& out, const DenseTensor& out_grad, DenseTensor* x_grad,
                     DenseTensor* y_grad);

// Out = L (X = L L^T, X's lower triangle read) or, upper, U = L^T.
template <typename T, typename Context>
void CholeskyKernel(const Context& dev_ctx, const DenseTensor& x, bool upper, DenseTensor* out);
// X@GRAD is symmetric (the gradient with respect to a symmetric X).
template <typename T, typename Context>
void CholeskyGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& out_grad,
                        bool upper, DenseTensor* x_grad);

// Out = op(A)^-1 Y with A X's upper (or lower) triangle, unit diagonal if unitriangular, op the
// transpose if transpose; batch dims broadcast.
template <typename T, typename Context>
void TriangularSolveKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                           bool upper, bool transpose, bool unitriangular, DenseTensor* out);
template <typename T, typename Context>
void TriangularSolveGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                               const DenseTensor& out, const DenseTensor& out_grad, bool upper,
                               bool transpose, bool unitriangular, DenseTensor* x_grad,
                               DenseTensor* y_grad);

// Householder QR; mode "reduced" (Q [M, K], R [K, N], K = min(M, N)), "complete" (Q [M, M],
// R [M, N]) or "r" (R [K, N] only; Q is left empty).
template <typename T, typename Context>
void QrKernel(const Context& dev_ctx, const DenseTensor& x, const std::string& mode, DenseTensor* q,
              DenseTensor* r);

// X = U diag(S) VH, S descending.
template <typename T, typename Context>
void SvdKernel(const Context& dev_ctx, const DenseTensor& x, bool full_matrices, DenseTensor* u,
               DenseTensor* s, DenseTensor* vh);

// Eigenvalues ascending and orthonormal eigenvectors (columns) of the symmetric matrix given
// by X's lower (UPLO "L") or upper ("U") triangle.
template <typename T, typename Context>
void EighKernel(const Context& dev_ctx, const DenseTensor& x, const std::string& uplo,
                DenseTensor* eigenvalues, DenseTensor* eigenvectors);
// X@GRAD = V (diag(dW) + F o (V^T dV)) V^T with F_ij = 1 / (w_j - w_i) off the diagonal (0
// where two eigenvalues are equal); eigenvalues_grad / eigenvectors_grad may be null.
template <typename T, typename Context>
void EighGradKernel(const Context& dev_ctx, const DenseTensor& eigenvalues,
                    const DenseTensor& eigenvectors, const DenseTensor* eigenvalues_grad,
                    const DenseTensor* eigenvectors_grad, DenseTensor* x_grad);

}  // namespace phi
