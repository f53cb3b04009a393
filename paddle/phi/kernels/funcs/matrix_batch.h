// Batched dense matrices for the linear-algebra kernels (inverse, solve, cholesky, qr, ...):
// Eigen maps over one row-major [rows, cols] matrix of a tensor's data, and the checks every
// such kernel runs on its input's dims (rank >= 2, square where required).
#pragma once

#include <Eigen/Core>
#include <cstdint>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {
namespace funcs {

template <typename T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename T>
using MatrixMap = Eigen::Map<RowMatrix<T>>;
template <typename T>
using ConstMatrixMap = Eigen::Map<const RowMatrix<T>>;

// Raises InvalidArgument unless dims hold matrices [..., M, N].
inline void CheckMatrixDims(const DDim& dims, const char* op, const char* slot) {
  PD_CHECK(dims.size() >= 2, InvalidArgument, "expected ", slot, " of ", op,
           " to have rank >= 2 ([..., M, N]), but got dims ", dims);
}

// The order N of square matrices [..., N, N]; raises InvalidArgument naming the dims otherwise.
inline int64_t SquareOrder(const DDim& dims, const char* op, const char* slot) {
  CheckMatrixDims(dims, op, slot);
  const int64_t n = dims[dims.size() - 1];
  PD_CHECK(dims[dims.size() - 2] == n, InvalidArgument, "expected ", slot, " of ", op,
           " to hold square matrices [..., N, N], but got dims ", dims);
  return n;
}

// How many matrices dims [..., M, N] hold.
inline int64_t MatrixCount(const DDim& dims) { return product(dims, 0, dims.size() - 2); }

// Raises InvalidArgument unless a tensor an op reads (a grad, an output it was given) has the
// dims expected.
inline void CheckDims(const DDim& got, const DDim& want, const char* op, const char* slot) {
  PD_CHECK(got == want, InvalidArgument, "expected ", slot, " of ", op, " to have dims ", want,
           ", but got ", got);
}

}  // namespace funcs
}  // namespace phi
