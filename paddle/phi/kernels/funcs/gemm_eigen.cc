#include "paddle/phi/kernels/funcs/gemm_eigen.h"

#include <Eigen/Core>

namespace phi {
namespace funcs {
namespace internal {

#if defined(__AVX2__) && defined(__FMA__)
const bool kEigenGemmNeedsAvx2Fma = true;
#else
const bool kEigenGemmNeedsAvx2Fma = false;
#endif

namespace {

template <typename T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename T>
using ConstView = Eigen::Map<const RowMatrix<T>, 0, Eigen::OuterStride<>>;
template <typename T>
using View = Eigen::Map<RowMatrix<T>, 0, Eigen::OuterStride<>>;

template <typename T, typename A, typename B>
void Product(const A& op_a, const B& op_b, T alpha, T beta, View<T>* c) {
  if (beta == T(0)) {
    c->noalias() = alpha * op_a * op_b;
  } else {
    if (beta != T(1)) *c *= beta;
    c->noalias() += alpha * op_a * op_b;
  }
}

}  // namespace

template <typename T>
void EigenGemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, T alpha, const T* a,
               int64_t lda, const T* b, int64_t ldb, T beta, T* c, int64_t ldc) {
  // Stored shapes: a is [m, k] or, transposed, [k, m]; b is [k, n] or [n, k].
  const ConstView<T> a_view(a, trans_a ? k : m, trans_a ? m : k, Eigen::OuterStride<>(lda));
  const ConstView<T> b_view(b, trans_b ? n : k, trans_b ? k : n, Eigen::OuterStride<>(ldb));
  View<T> c_view(c, m, n, Eigen::OuterStride<>(ldc));
  if (trans_a && trans_b) {
    Product(a_view.transpose(), b_view.transpose(), alpha, beta, &c_view);
  } else if (trans_a) {
    Product(a_view.transpose(), b_view, alpha, beta, &c_view);
  } else if (trans_b) {
    Product(a_view, b_view.transpose(), alpha, beta, &c_view);
  } else {
    Product(a_view, b_view, alpha, beta, &c_view);
  }
}

template void EigenGemm<float>(bool, bool, int64_t, int64_t, int64_t, float, const float*, int64_t,
                               const float*, int64_t, float, float*, int64_t);
template void EigenGemm<double>(bool, bool, int64_t, int64_t, int64_t, double, const double*,
                                int64_t, const double*, int64_t, double, double*, int64_t);

}  // namespace internal
}  // namespace funcs
}  // namespace phi
