// CPU kernels of solve and triangular_solve with their grads. X [..., N, N] and Y [..., N, K]
// broadcast their batch dims as matmul's operands do (solve also takes a vector Y [N]); the
// grads sum over the batches an operand was broadcast to.
#include <Eigen/LU>
#include <cstdint>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/infermeta/linalg_ext.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/matrix_batch.h"
#include "paddle/phi/kernels/linalg_ext_kernel.h"

namespace phi {
namespace {

using funcs::ConstMatrixMap;
using funcs::MatrixMap;
using funcs::RowMatrix;

// The batch geometry of X^-1 Y: per output matrix, the X and Y matrices it reads.
struct SolveGeometry {
  int64_t n = 0;  // X's order
  int64_t k = 0;  // Y's columns (1 for a vector)
  DDim out;
  std::vector<int64_t> x_index, y_index;
};

SolveGeometry MakeGeometry(const DDim& x, const DDim& y, const char* op, bool allow_vector) {
  SolveGeometry g;
  g.n = funcs::SquareOrder(x, op, "X");
  PD_CHECK(y.size() >= (allow_vector ? 1 : 2), InvalidArgument, "expected Y of ", op,
           " to have rank >= ", allow_vector ? 1 : 2, ", but got dims ", y);
  const int64_t yn = y.size() == 1 ? y[0] : y[y.size() - 2];
  PD_CHECK(yn == g.n, InvalidArgument, "expected Y of ", op, " to have as many rows as X (", g.n,
           "), but got X ", x, " and Y ", y);
  CheckSolveBatches(x, y, op);
  const MatmulDims dims = ComputeMatmulDims(x, y, false, false);
  g.k = dims.n;
  g.out = dims.out;
  MatmulBatchIndices(dims, &g.x_index, &g.y_index);
  return g;
}

template <typename T>
using LU = Eigen::PartialPivLU<RowMatrix<T>>;

template <typename T>
LU<T> Factor(const T* a, int64_t n, int64_t x_batch, const char* op) {
  LU<T> lu(ConstMatrixMap<T>(a, n, n));
  const auto& u = lu.matrixLU();
  for (int64_t i = 0; i < n; ++i)
    PD_CHECK(u(i, i) != T(0), InvalidArgument, "expected ", op,
             "'s X to hold invertible matrices, but the matrix at batch index ", x_batch,
             " is singular");
  return lu;
}

// Solves op(A) Z = B in place, A's upper or lower triangle (unit diagonal if unit).
template <typename T, typename A, typename B>
void TriangularSolveInPlace(const A& a, bool upper, bool transpose, bool unit, B* b) {
  // op(A) is upper triangular when exactly one of upper / transpose holds.
  if (!transpose) {
    if (upper && unit) a.template triangularView<Eigen::UnitUpper>().solveInPlace(*b);
    if (upper && !unit) a.template triangularView<Eigen::Upper>().solveInPlace(*b);
    if (!upper && unit) a.template triangularView<Eigen::UnitLower>().solveInPlace(*b);
    if (!upper && !unit) a.template triangularView<Eigen::Lower>().solveInPlace(*b);
  } else {
    if (upper && unit) a.transpose().template triangularView<Eigen::UnitLower>().solveInPlace(*b);
    if (upper && !unit) a.transpose().template triangularView<Eigen::Lower>().solveInPlace(*b);
    if (!upper && unit) a.transpose().template triangularView<Eigen::UnitUpper>().solveInPlace(*b);
    if (!upper && !unit) a.transpose().template triangularView<Eigen::Upper>().solveInPlace(*b);
  }
}

template <typename T, typename Context>
T* ZeroedGrad(const Context& dev_ctx, DenseTensor* grad, const DDim& dims,
              const std::vector<const DenseTensor*>& inputs) {
  grad->Resize(dims);
  T* p = funcs::AllocUnaliased<T>(dev_ctx, grad, inputs);
  const int64_t n = grad->numel();
  for (int64_t i = 0; i < n; ++i) p[i] = T(0);
  return p;
}

}  // namespace

template <typename T, typename Context>
void SolveKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                 DenseTensor* out) {
  const DenseTensor a = x, b = y;
  const SolveGeometry g = MakeGeometry(a.dims(), b.dims(), "solve", true);
  const int64_t n = g.n, k = g.k;
  out->Resize(g.out);
  T* r = funcs::AllocUnaliased<T>(dev_ctx, out, {&a, &b});
  if (n == 0 || k == 0) return;
  for (size_t i = 0; i < g.x_index.size(); ++i) {
    const LU<T> lu = Factor(a.data<T>() + g.x_index[i] * n * n, n, g.x_index[i], "solve");
    MatrixMap<T>(r + i * n * k, n, k) =
        lu.solve(ConstMatrixMap<T>(b.data<T>() + g.y_index[i] * n * k, n, k));
  }
}

template <typename T, typename Context>
void SolveGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                     const DenseTensor& out, const DenseTensor& out_grad, DenseTensor* x_grad,
                     DenseTensor* y_grad) {
  const DenseTensor a = x, b = y, z = out, dz = out_grad;
  const SolveGeometry g = MakeGeometry(a.dims(), b.dims(), "solve_grad", true);
  funcs::CheckDims(z.dims(), g.out, "solve_grad", "Out");
  funcs::CheckDims(dz.dims(), g.out, "solve_grad", "Out@GRAD");
  const int64_t n = g.n, k = g.k;
  T* dx = x_grad ? ZeroedGrad<T>(dev_ctx, x_grad, a.dims(), {&a, &b, &z, &dz}) : nullptr;
  T* dy = y_grad ? ZeroedGrad<T>(dev_ctx, y_grad, b.dims(), {&a, &b, &z, &dz}) : nullptr;
  if (n == 0 || k == 0) return;
  for (size_t i = 0; i < g.x_index.size(); ++i) {
    const LU<T> lu = Factor(a.data<T>() + g.x_index[i] * n * n, n, g.x_index[i], "solve_grad");
    // dY = X^-T dOut; dX = -dY Out^T.
    const RowMatrix<T> db = lu.transpose().solve(ConstMatrixMap<T>(dz.data<T>() + i * n * k, n, k));
    if (dy) MatrixMap<T>(dy + g.y_index[i] * n * k, n, k) += db;
    if (dx) {
      MatrixMap<T>(dx + g.x_index[i] * n * n, n, n).noalias() -=
          db * ConstMatrixMap<T>(z.data<T>() + i * n * k, n, k).transpose();
    }
  }
}

template <typename T, typename Context>
void TriangularSolveKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                           bool upper, bool transpose, bool unitriangular, DenseTensor* out) {
  const DenseTensor a = x, b = y;
  const SolveGeometry g = MakeGeometry(a.dims(), b.dims(), "triangular_solve", false);
  const int64_t n = g.n, k = g.k;
  out->Resize(g.out);
  T* r = funcs::AllocUnaliased<T>(dev_ctx, out, {&a, &b});
  if (n == 0 || k == 0) return;
  for (size_t i = 0; i < g.x_index.size(); ++i) {
    MatrixMap<T> z(r + i * n * k, n, k);
    z = ConstMatrixMap<T>(b.data<T>() + g.y_index[i] * n * k, n, k);
    const ConstMatrixMap<T> am(a.data<T>() + g.x_index[i] * n * n, n, n);
    TriangularSolveInPlace<T>(am, upper, transpose, unitriangular, &z);
  }
}

template <typename T, typename Context>
void TriangularSolveGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                               const DenseTensor& out, const DenseTensor& out_grad, bool upper,
                               bool transpose, bool unitriangular, DenseTensor* x_grad,
                               DenseTensor* y_grad) {
  const DenseTensor a = x, b = y, z = out, dz = out_grad;
  const SolveGeometry g = MakeGeometry(a.dims(), b.dims(), "triangular_solve_grad", false);
  funcs::CheckDims(z.dims(), g.out, "triangular_solve_grad", "Out");
  funcs::CheckDims(dz.dims(), g.out, "triangular_solve_grad", "Out@GRAD");
  const int64_t n = g.n, k = g.k;
  T* dx = x_grad ? ZeroedGrad<T>(dev_ctx, x_grad, a.dims(), {&a, &b, &z, &dz}) : nullptr;
  T* dy = y_grad ? ZeroedGrad<T>(dev_ctx, y_grad, b.dims(), {&a, &b, &z, &dz}) : nullptr;
  if (n == 0 || k == 0) return;
  for (size_t i = 0; i < g.x_index.size(); ++i) {
    const ConstMatrixMap<T> am(a.data<T>() + g.x_index[i] * n * n, n, n);
    // dY = op(A)^-T dOut: the same triangle with the transpose flag flipped.
    RowMatrix<T> db = ConstMatrixMap<T>(dz.data<T>() + i * n * k, n, k);
    TriangularSolveInPlace<T>(am, upper, !transpose, unitriangular, &db);
    if (dy) MatrixMap<T>(dy + g.y_index[i] * n * k, n, k) += db;
    if (!dx) continue;
    const ConstMatrixMap<T> zm(z.data<T>() + i * n * k, n, k);
    // d op(A) = -dY Out^T; only A's triangle (without a unit diagonal) is read.
    RowMatrix<T> da =
        transpose ? RowMatrix<T>(-(zm * db.transpose())) : RowMatrix<T>(-(db * zm.transpose()));
    MatrixMap<T> dst(dx + g.x_index[i] * n * n, n, n);
    for (int64_t r = 0; r < n; ++r) {
      for (int64_t c = 0; c < n; ++c) {
        const bool kept = (upper ? c >= r : c <= r) && !(unitriangular && c == r);
        if (kept) dst(r, c) += da(r, c);
      }
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(solve, CPU, phi::SolveKernel, float, double);
PD_REGISTER_KERNEL(solve_grad, CPU, phi::SolveGradKernel, float, double);
PD_REGISTER_KERNEL(triangular_solve, CPU, phi::TriangularSolveKernel, float, double);
PD_REGISTER_KERNEL(triangular_solve_grad, CPU, phi::TriangularSolveGradKernel, float, double);
