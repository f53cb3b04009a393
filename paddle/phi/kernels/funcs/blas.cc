#include "paddle/phi/kernels/funcs/blas.h"

#include <cblas.h>

#include <limits>

#include "paddle/common/errors.h"

namespace phi {
namespace funcs {
namespace {

// cblas takes int extents; larger matrices would silently wrap.
void CheckBlasExtents(int64_t m, int64_t n, int64_t k) {
  constexpr int64_t kMax = std::numeric_limits<int>::max();
  PD_CHECK(m >= 0 && n >= 0 && k >= 0 && m <= kMax && n <= kMax && k <= kMax, InvalidArgument,
           "expected GEMM extents in [0, ", kMax, "], but got m=", m, ", n=", n, ", k=", k);
}

// k == 0 (an empty inner dimension): c = beta * c, which BLAS would reject for lda == 0.
template <typename T>
void ScaleOnly(int64_t m, int64_t n, T beta, T* c) {
  const int64_t total = m * n;
  if (beta == T(0)) {
    for (int64_t i = 0; i < total; ++i) c[i] = T(0);
  } else {
    for (int64_t i = 0; i < total; ++i) c[i] *= beta;
  }
}

template <typename T, typename BlasFn>
void GemmImpl(BlasFn blas_fn, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k,
              T alpha, const T* a, const T* b, T beta, T* c) {
  CheckBlasExtents(m, n, k);
  if (m == 0 || n == 0) return;
  if (k == 0) {
    ScaleOnly(m, n, beta, c);
    return;
  }
  const int lda = static_cast<int>(trans_a ? m : k);
  const int ldb = static_cast<int>(trans_b ? k : n);
  blas_fn(CblasRowMajor, trans_a ? CblasTrans : CblasNoTrans, trans_b ? CblasTrans : CblasNoTrans,
          static_cast<int>(m), static_cast<int>(n), static_cast<int>(k), alpha, a, lda, b, ldb,
          beta, c, static_cast<int>(n));
}

}  // namespace

template <>
void Gemm<float>(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, float alpha,
                 const float* a, const float* b, float beta, float* c) {
  GemmImpl<float>(cblas_sgemm, trans_a, trans_b, m, n, k, alpha, a, b, beta, c);
}

template <>
void Gemm<double>(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, double alpha,
                  const double* a, const double* b, double beta, double* c) {
  GemmImpl<double>(cblas_dgemm, trans_a, trans_b, m, n, k, alpha, a, b, beta, c);
}

}  // namespace funcs
}  // namespace phi
