// CPU kernels of inverse, determinant, slogdeterminant and cholesky with their grads: one
// Eigen factorization per matrix of the batch.
#include "paddle/phi/kernels/linalg_ext_kernel.h"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/matrix_batch.h"

namespace phi {
namespace {

using funcs::ConstMatrixMap;
using funcs::MatrixMap;
using funcs::RowMatrix;

template <typename T>
using LU = Eigen::PartialPivLU<RowMatrix<T>>;

// Whether LU's U has a zero pivot (the matrix is exactly singular).
template <typename T>
bool Singular(const LU<T>& lu) {
  const auto& u = lu.matrixLU();
  for (int64_t i = 0; i < u.rows(); ++i)
    if (u(i, i) == T(0)) return true;
  return false;
}

// The sign of det and log|det| from an LU factorization.
template <typename T>
void SignLogAbs(const LU<T>& lu, T* sign, T* log_abs) {
  const auto& u = lu.matrixLU();
  T s = static_cast<T>(lu.permutationP().determinant());
  T l = T(0);
  for (int64_t i = 0; i < u.rows(); ++i) {
    const T d = u(i, i);
    if (d == T(0)) {
      *sign = T(0);
      *log_abs = -std::numeric_limits<T>::infinity();
      return;
    }
    if (d < T(0)) s = -s;
    l += std::log(std::abs(d));
  }
  *sign = s;
  *log_abs = l;
}

// Input@GRAD[b] = scale[b] * A[b]^-T, zeros where scale[b] is 0 or A[b] is singular: the
// common tail of determinant_grad and slogdeterminant_grad.
template <typename T, typename Context, typename ScaleFn>
void ScaledInverseTranspose(const Context& dev_ctx, const DenseTensor& input, const char* op,
                            ScaleFn scale, DenseTensor* input_grad) {
  const int64_t n = funcs::SquareOrder(input.dims(), op, "Input");
  const int64_t count = funcs::MatrixCount(input.dims());
  input_grad->Resize(input.dims());
  T* dx = funcs::AllocUnaliased<T>(dev_ctx, input_grad, {&input});
  const T* a = input.numel() > 0 ? input.data<T>() : nullptr;
  for (int64_t b = 0; b < count && n > 0; ++b) {
    MatrixMap<T> g(dx + b * n * n, n, n);
    const T c = scale(b);
    const LU<T> lu(ConstMatrixMap<T>(a + b * n * n, n, n));
    if (c == T(0) || Singular(lu)) {
      g.setZero();
    } else {
      g = c * lu.inverse().transpose();
    }
  }
}

}  // namespace

template <typename T, typename Context>
void InverseKernel(const Context& dev_ctx, const DenseTensor& input, DenseTensor* output) {
  const DenseTensor in = input;
  const int64_t n = funcs::SquareOrder(in.dims(), "inverse", "Input");
  const int64_t count = funcs::MatrixCount(in.dims());
  output->Resize(in.dims());
  T* out = funcs::AllocUnaliased<T>(dev_ctx, output, {&in});
  for (int64_t b = 0; b < count && n > 0; ++b) {
    const LU<T> lu(ConstMatrixMap<T>(in.data<T>() + b * n * n, n, n));
    PD_CHECK(!Singular(lu), InvalidArgument,
             "expected inverse's Input to hold invertible matrices, but the matrix at batch "
             "index ",
             b, " is singular");
    MatrixMap<T>(out + b * n * n, n, n) = lu.inverse();
  }
}

template <typename T, typename Context>
void InverseGradKernel(const Context& dev_ctx, const DenseTensor& output,
                       const DenseTensor& output_grad, DenseTensor* input_grad) {
  const DenseTensor out = output, dout = output_grad;
  const int64_t n = funcs::SquareOrder(out.dims(), "inverse_grad", "Output");
  funcs::CheckDims(dout.dims(), out.dims(), "inverse_grad", "Output@GRAD");
  const int64_t count = funcs::MatrixCount(out.dims());
  input_grad->Resize(out.dims());
  T* dx = funcs::AllocUnaliased<T>(dev_ctx, input_grad, {&out, &dout});
  for (int64_t b = 0; b < count && n > 0; ++b) {
    const ConstMatrixMap<T> inv(out.data<T>() + b * n * n, n, n);
    const ConstMatrixMap<T> g(dout.data<T>() + b * n * n, n, n);
    MatrixMap<T>(dx + b * n * n, n, n).noalias() = -(inv.transpose() * g * inv.transpose());
  }
}

template <typename T, typename Context>
void DeterminantKernel(const Context& dev_ctx, const DenseTensor& input, DenseTensor* out) {
  const DenseTensor in = input;
  const int64_t n = funcs::SquareOrder(in.dims(), "determinant", "Input");
  const int64_t count = funcs::MatrixCount(in.dims());
  out->Resize(in.dims().slice(0, in.dims().size() - 2));
  T* r = funcs::AllocUnaliased<T>(dev_ctx, out, {&in});
  for (int64_t b = 0; b < count; ++b) {
    if (n == 0) {
      r[b] = T(1);
      continue;
    }
    r[b] = LU<T>(ConstMatrixMap<T>(in.data<T>() + b * n * n, n, n)).determinant();
  }
}

template <typename T, typename Context>
void DeterminantGradKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& out,
                           const DenseTensor& out_grad, DenseTensor* input_grad) {
  const DenseTensor in = input, det = out, dout = out_grad;
  funcs::SquareOrder(in.dims(), "determinant_grad", "Input");
  const DDim batch = in.dims().slice(0, in.dims().size() - 2);
  funcs::CheckDims(det.dims(), batch, "determinant_grad", "Out");
  funcs::CheckDims(dout.dims(), batch, "determinant_grad", "Out@GRAD");
  const T* d = det.numel() > 0 ? det.data<T>() : nullptr;
  const T* g = dout.numel() > 0 ? dout.data<T>() : nullptr;
  ScaledInverseTranspose<T>(
      dev_ctx, in, "determinant_grad", [&](int64_t b) { return g[b] * d[b]; }, input_grad);
}

template <typename T, typename Context>
void SlogDeterminantKernel(const Context& dev_ctx, const DenseTensor& input, DenseTensor* out) {
  const DenseTensor in = input;
  const int64_t n = funcs::SquareOrder(in.dims(), "slogdeterminant", "Input");
  const int64_t count = funcs::MatrixCount(in.dims());
  std::vector<int64_t> dims{2};
  for (int i = 0; i < in.dims().size() - 2; ++i) dims.push_back(in.dims()[i]);
  out->Resize(DDim(dims));
  T* r = funcs::AllocUnaliased<T>(dev_ctx, out, {&in});
  for (int64_t b = 0; b < count; ++b) {
    if (n == 0) {
      r[b] = T(1);
      r[count + b] = T(0);
      continue;
    }
    SignLogAbs(LU<T>(ConstMatrixMap<T>(in.data<T>() + b * n * n, n, n)), &r[b], &r[count + b]);
  }
}

template <typename T, typename Context>
void SlogDeterminantGradKernel(const Context& dev_ctx, const DenseTensor& input,
                               const DenseTensor& out, const DenseTensor& out_grad,
                               DenseTensor* input_grad) {
  const DenseTensor in = input, dout = out_grad;
  funcs::SquareOrder(in.dims(), "slogdeterminant_grad", "Input");
  const int64_t count = funcs::MatrixCount(in.dims());
  PD_CHECK(dout.numel() == 2 * count, InvalidArgument,
           "expected slogdeterminant_grad's Out@GRAD to hold 2 x ", count,
           " values (sign and log|det| per matrix), but got dims ", dout.dims());
  (void)out;
  const T* g = dout.numel() > 0 ? dout.data<T>() : nullptr;
  ScaledInverseTranspose<T>(
      dev_ctx, in, "slogdeterminant_grad", [&](int64_t b) { return g[count + b]; }, input_grad);
}

template <typename T, typename Context>
void CholeskyKernel(const Context& dev_ctx, const DenseTensor& x, bool upper, DenseTensor* out) {
  const DenseTensor in = x;
  const int64_t n = funcs::SquareOrder(in.dims(), "cholesky", "X");
  const int64_t count = funcs::MatrixCount(in.dims());
  out->Resize(in.dims());
  T* r = funcs::AllocUnaliased<T>(dev_ctx, out, {&in});
  for (int64_t b = 0; b < count && n > 0; ++b) {
    const Eigen::LLT<RowMatrix<T>> llt(ConstMatrixMap<T>(in.data<T>() + b * n * n, n, n));
    PD_CHECK(llt.info() == Eigen::Success, InvalidArgument,
             "expected cholesky's X to hold symmetric positive-definite matrices, but the "
             "matrix at batch index ",
             b, " is not positive definite");
    MatrixMap<T> dst(r + b * n * n, n, n);
    if (upper) {
      dst = llt.matrixU();
    } else {
      dst = llt.matrixL();
    }
  }
}

template <typename T, typename Context>
void CholeskyGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& out_grad,
                        bool upper, DenseTensor* x_grad) {
  const DenseTensor factor = out, dout = out_grad;
  const int64_t n = funcs::SquareOrder(factor.dims(), "cholesky_grad", "Out");
  funcs::CheckDims(dout.dims(), factor.dims(), "cholesky_grad", "Out@GRAD");
  const int64_t count = funcs::MatrixCount(factor.dims());
  x_grad->Resize(factor.dims());
  T* dx = funcs::AllocUnaliased<T>(dev_ctx, x_grad, {&factor, &dout});
  for (int64_t b = 0; b < count && n > 0; ++b) {
    const ConstMatrixMap<T> f(factor.data<T>() + b * n * n, n, n);
    const ConstMatrixMap<T> g(dout.data<T>() + b * n * n, n, n);
    RowMatrix<T> l = upper ? RowMatrix<T>(f.transpose()) : RowMatrix<T>(f);
    RowMatrix<T> dl = upper ? RowMatrix<T>(g.transpose()) : RowMatrix<T>(g);
    // phi = tril(L^T dL) with its diagonal halved; S = L^-T phi L^-1; X@GRAD = (S + S^T) / 2.
    RowMatrix<T> phi = (l.transpose() * dl).template triangularView<Eigen::Lower>();
    phi.diagonal() *= T(0.5);
    const RowMatrix<T> lt = l.transpose();
    const auto upper_lt = lt.template triangularView<Eigen::Upper>();
    upper_lt.solveInPlace(phi);  // L^-T phi
    RowMatrix<T> s = phi.transpose();
    upper_lt.solveInPlace(s);  // (L^-T phi L^-1)^T = L^-T (L^-T phi)^T
    MatrixMap<T>(dx + b * n * n, n, n) = T(0.5) * (s + s.transpose());
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(inverse, CPU, phi::InverseKernel, float, double);
PD_REGISTER_KERNEL(inverse_grad, CPU, phi::InverseGradKernel, float, double);
PD_REGISTER_KERNEL(determinant, CPU, phi::DeterminantKernel, float, double);
PD_REGISTER_KERNEL(determinant_grad, CPU, phi::DeterminantGradKernel, float, double);
PD_REGISTER_KERNEL(slogdeterminant, CPU, phi::SlogDeterminantKernel, float, double);
PD_REGISTER_KERNEL(slogdeterminant_grad, CPU, phi::SlogDeterminantGradKernel, float, double);
PD_REGISTER_KERNEL(cholesky, CPU, phi::CholeskyKernel, float, double);
PD_REGISTER_KERNEL(cholesky_grad, CPU, phi::CholeskyGradKernel, float, double);
