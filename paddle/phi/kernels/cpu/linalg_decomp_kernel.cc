// CPU kernels of the decompositions qr (Householder), svd (Jacobi, accurate for the small
// matrices these ops see) and eigh (self-adjoint tridiagonal QR) with its grad, one matrix at a
// time.
#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <Eigen/SVD>
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/matrix_batch.h"
#include "paddle/phi/kernels/linalg_ext_kernel.h"

namespace phi {
namespace {

using funcs::ConstMatrixMap;
using funcs::MatrixMap;
using funcs::RowMatrix;

template <typename T>
using ColMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

DDim WithMatrix(const DDim& dims, int64_t rows, int64_t cols) {
  std::vector<int64_t> v = dims.slice(0, dims.size() - 2).ToVector();
  v.push_back(rows);
  if (cols >= 0) v.push_back(cols);
  return DDim(v);
}

}  // namespace

template <typename T, typename Context>
void QrKernel(const Context& dev_ctx, const DenseTensor& x, const std::string& mode, DenseTensor* q,
              DenseTensor* r) {
  const DenseTensor in = x;
  funcs::CheckMatrixDims(in.dims(), "qr", "X");
  PD_CHECK(mode == "reduced" || mode == "complete" || mode == "r", InvalidArgument,
           "expected qr's mode to be 'reduced', 'complete' or 'r', but got '", mode, "'");
  const DDim& d = in.dims();
  const int64_t m = d[d.size() - 2], n = d[d.size() - 1];
  const int64_t k = mode == "complete" ? m : std::min(m, n);
  const bool want_q = mode != "r" && q != nullptr;
  T* qp = nullptr;
  if (q != nullptr) {
    q->Resize(want_q ? WithMatrix(d, m, k) : DDim({0}));
    qp = funcs::AllocUnaliased<T>(dev_ctx, q, {&in});
  }
  r->Resize(WithMatrix(d, k, n));
  T* rp = funcs::AllocUnaliased<T>(dev_ctx, r, {&in});
  const int64_t count = funcs::MatrixCount(d);
  for (int64_t b = 0; b < count; ++b) {
    MatrixMap<T> rm(rp + b * k * n, k, n);
    if (m == 0 || n == 0) {
      rm.setZero();
      if (want_q) MatrixMap<T>(qp + b * m * k, m, k).setIdentity();
      continue;
    }
    const Eigen::HouseholderQR<ColMatrix<T>> qr(
        ColMatrix<T>(ConstMatrixMap<T>(in.data<T>() + b * m * n, m, n)));
    rm = qr.matrixQR().topRows(k).template triangularView<Eigen::Upper>();
    if (want_q) {
      ColMatrix<T> full = ColMatrix<T>::Identity(m, k);
      full.applyOnTheLeft(qr.householderQ());
      MatrixMap<T>(qp + b * m * k, m, k) = full;
    }
  }
}

template <typename T, typename Context>
void SvdKernel(const Context& dev_ctx, const DenseTensor& x, bool full_matrices, DenseTensor* u,
               DenseTensor* s, DenseTensor* vh) {
  const DenseTensor in = x;
  funcs::CheckMatrixDims(in.dims(), "svd", "X");
  const DDim& d = in.dims();
  const int64_t m = d[d.size() - 2], n = d[d.size() - 1];
  const int64_t k = std::min(m, n);
  const int64_t uc = full_matrices ? m : k, vr = full_matrices ? n : k;
  u->Resize(WithMatrix(d, m, uc));
  s->Resize(WithMatrix(d, k, -1));
  vh->Resize(WithMatrix(d, vr, n));
  T* up = funcs::AllocUnaliased<T>(dev_ctx, u, {&in});
  T* sp = funcs::AllocUnaliased<T>(dev_ctx, s, {&in});
  T* vp = funcs::AllocUnaliased<T>(dev_ctx, vh, {&in});
  const int64_t count = funcs::MatrixCount(d);
  const unsigned options = full_matrices ? (Eigen::ComputeFullU | Eigen::ComputeFullV)
                                         : (Eigen::ComputeThinU | Eigen::ComputeThinV);
  for (int64_t b = 0; b < count; ++b) {
    MatrixMap<T> um(up + b * m * uc, m, uc);
    MatrixMap<T> vm(vp + b * vr * n, vr, n);
    if (k == 0) {
      um.setIdentity();
      vm.setIdentity();
      continue;
    }
    const ColMatrix<T> a = ConstMatrixMap<T>(in.data<T>() + b * m * n, m, n);
    PD_CHECK(a.allFinite(), InvalidArgument,
             "expected svd's X to hold finite values, but the matrix at batch index ", b,
             " holds inf or nan");
    const Eigen::JacobiSVD<ColMatrix<T>> svd(a, options);
    um = svd.matrixU();
    vm = svd.matrixV().transpose();
    Eigen::Map<Eigen::Matrix<T, Eigen::Dynamic, 1>>(sp + b * k, k) = svd.singularValues();
  }
}

template <typename T, typename Context>
void EighKernel(const Context& dev_ctx, const DenseTensor& x, const std::string& uplo,
                DenseTensor* eigenvalues, DenseTensor* eigenvectors) {
  const DenseTensor in = x;
  const int64_t n = funcs::SquareOrder(in.dims(), "eigh", "X");
  PD_CHECK(uplo == "L" || uplo == "U", InvalidArgument,
           "expected eigh's UPLO to be 'L' or 'U', but got '", uplo, "'");
  const DDim& d = in.dims();
  eigenvalues->Resize(WithMatrix(d, n, -1));
  eigenvectors->Resize(d);
  T* wp = funcs::AllocUnaliased<T>(dev_ctx, eigenvalues, {&in});
  T* vp = funcs::AllocUnaliased<T>(dev_ctx, eigenvectors, {&in});
  const int64_t count = funcs::MatrixCount(d);
  for (int64_t b = 0; b < count && n > 0; ++b) {
    const ConstMatrixMap<T> a(in.data<T>() + b * n * n, n, n);
    // The solver reads the lower triangle: for "U", that of A^T.
    PD_CHECK(a.allFinite(), InvalidArgument,
             "expected eigh's X to hold finite values, but the matrix at batch index ", b,
             " holds inf or nan");
    const ColMatrix<T> sym = uplo == "L" ? ColMatrix<T>(a) : ColMatrix<T>(a.transpose());
    const Eigen::SelfAdjointEigenSolver<ColMatrix<T>> es(sym);
    PD_CHECK(es.info() == Eigen::Success, InvalidArgument,
             "expected eigh's X to hold finite symmetric matrices, but the eigenvalues of the "
             "matrix at batch index ",
             b, " did not converge");
    Eigen::Map<Eigen::Matrix<T, Eigen::Dynamic, 1>>(wp + b * n, n) = es.eigenvalues();
    MatrixMap<T>(vp + b * n * n, n, n) = es.eigenvectors();
  }
}

template <typename T, typename Context>
void EighGradKernel(const Context& dev_ctx, const DenseTensor& eigenvalues,
                    const DenseTensor& eigenvectors, const DenseTensor* eigenvalues_grad,
                    const DenseTensor* eigenvectors_grad, DenseTensor* x_grad) {
  const DenseTensor w = eigenvalues, v = eigenvectors;
  const int64_t n = funcs::SquareOrder(v.dims(), "eigh_grad", "Eigenvectors");
  const DDim& d = v.dims();
  funcs::CheckDims(w.dims(), WithMatrix(d, n, -1), "eigh_grad", "Eigenvalues");
  DenseTensor dw, dv;
  if (eigenvalues_grad != nullptr) {
    dw = *eigenvalues_grad;
    funcs::CheckDims(dw.dims(), w.dims(), "eigh_grad", "Eigenvalues@GRAD");
  }
  if (eigenvectors_grad != nullptr) {
    dv = *eigenvectors_grad;
    funcs::CheckDims(dv.dims(), d, "eigh_grad", "Eigenvectors@GRAD");
  }
  x_grad->Resize(d);
  T* dx = funcs::AllocUnaliased<T>(dev_ctx, x_grad, {&w, &v, &dw, &dv});
  const int64_t count = funcs::MatrixCount(d);
  for (int64_t b = 0; b < count && n > 0; ++b) {
    const ConstMatrixMap<T> vm(v.data<T>() + b * n * n, n, n);
    const T* wp = w.data<T>() + b * n;
    RowMatrix<T> inner = RowMatrix<T>::Zero(n, n);
    if (eigenvectors_grad != nullptr) {
      inner = vm.transpose() * ConstMatrixMap<T>(dv.data<T>() + b * n * n, n, n);
      for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < n; ++j) {
          const T gap = wp[j] - wp[i];
          inner(i, j) = (i == j || gap == T(0)) ? T(0) : inner(i, j) / gap;
        }
      }
    }
    if (eigenvalues_grad != nullptr) {
      for (int64_t i = 0; i < n; ++i) inner(i, i) += dw.data<T>()[b * n + i];
    }
    MatrixMap<T>(dx + b * n * n, n, n).noalias() = vm * inner * vm.transpose();
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(qr, CPU, phi::QrKernel, float, double);
PD_REGISTER_KERNEL(svd, CPU, phi::SvdKernel, float, double);
PD_REGISTER_KERNEL(eigh, CPU, phi::EighKernel, float, double);
PD_REGISTER_KERNEL(eigh_grad, CPU, phi::EighGradKernel, float, double);
