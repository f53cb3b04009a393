// InferMeta functions of the matrix ops inverse, determinant, slogdeterminant, solve, cholesky,
// triangular_solve, qr, svd and eigh: each checks that its input holds (batches of) square or
// at least 2-D matrices of float32 / float64 and sets the outputs' dims.
#pragma once

#include <string>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// Raises InvalidArgument naming op and both dims unless the batch dims of X [..., N, N] and Y
// ([..., N, K], or a vector [N] without batch dims) broadcast; -1 matches anything.
void CheckSolveBatches(const DDim& x, const DDim& y, const char* op);

// Input [..., n, n] -> Output with Input's meta.
void InverseInferMeta(const MetaTensor& input, MetaTensor* output);
// Input [..., n, n] -> Out [...] (0-D for one matrix).
void DeterminantInferMeta(const MetaTensor& input, MetaTensor* out);
// Input [..., n, n] -> Out [2, ...]: the sign and log|det| of each matrix.
void SlogDeterminantInferMeta(const MetaTensor& input, MetaTensor* out);
// X [..., n, n], Y [..., n, k] (or a vector [n]) with broadcast batch dims -> Out.
void SolveInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* out);
// X [..., n, n] -> Out with X's meta.
void CholeskyInferMeta(const MetaTensor& x, bool upper, MetaTensor* out);
// X [..., n, n], Y [..., n, k] with broadcast batch dims -> Out [batch..., n, k].
void TriangularSolveInferMeta(const MetaTensor& x, const MetaTensor& y, bool upper, bool transpose,
                              bool unitriangular, MetaTensor* out);
// X [..., m, n], mode reduced / complete / r -> Q, R (Q [0] for mode r).
void QrInferMeta(const MetaTensor& x, const std::string& mode, MetaTensor* q, MetaTensor* r);
// X [..., m, n] -> U, S [..., min(m, n)], VH.
void SvdInferMeta(const MetaTensor& x, bool full_matrices, MetaTensor* u, MetaTensor* s,
                  MetaTensor* vh);
// X [..., n, n], UPLO "L" or "U" -> Eigenvalues [..., n], Eigenvectors [..., n, n].
void EighInferMeta(const MetaTensor& x, const std::string& uplo, MetaTensor* eigenvalues,
                   MetaTensor* eigenvectors);

}  // namespace phi
