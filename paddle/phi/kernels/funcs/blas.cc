#include "paddle/phi/kernels/funcs/blas.h"

#include <cblas.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <mutex>
#include <type_traits>

#include "paddle/common/errors.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/gemm_eigen.h"
#include "paddle/phi/kernels/funcs/packed_weights.h"
#include "paddle/phi/kernels/funcs/parallel.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"

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

// Eigen's product (gemm_eigen.cc) for double where the CPU runs the instructions it was built
// for; on the convolution shapes of ResNet and MobileNet it measured within -11% to +54% of
// OpenBLAS (benchmarks/gemm_bench.cc) and, unlike the serial OpenBLAS, may run on several
// threads at once. Float takes the packed GEMM on the same CPUs.
bool UseEigenGemm() {
  static const bool usable = [] {
    if (!internal::kEigenGemmNeedsAvx2Fma) return true;
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return false;
#endif
  }();
  return usable;
}

// Debian's serial OpenBLAS shares its work buffers between calls: two threads multiplying at
// once (two Predictors, say) get wrong results. Its calls take turns.
std::mutex& OpenBlasMutex() {
  static std::mutex mu;
  return mu;
}

// `packed_b` (float only, may be null): op(b) packed ahead.
template <typename T, typename BlasFn>
void GemmImpl(BlasFn blas_fn, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, T alpha,
              const T* a, const T* b, T beta, T* c,
              const internal::GemmPackedB* packed_b = nullptr) {
  CheckBlasExtents(m, n, k);
  if (m == 0 || n == 0) return;
  if (k == 0) {
    ScaleOnly(m, n, beta, c);
    return;
  }
  const int64_t lda = trans_a ? m : k;
  const int64_t ldb = trans_b ? k : n;
  if constexpr (std::is_same_v<T, float>) {
    if (internal::PackedSgemmUsable()) {  // the packed GEMM the convolutions run (sgemm_packed.h)
      internal::GemmCLayout layout;
      layout.base = c;
      layout.ldc = n;
      layout.seg_cols = n;
      const std::shared_ptr<ThreadPool> pool = CurrentCPUThreadPool();
      internal::PackedSgemm(m, n, k, alpha, a, lda, trans_a,
                            internal::GemmMatrixB(b, ldb, trans_b, packed_b), beta, layout,
                            pool.get());
      return;
    }
  }
  if (!UseEigenGemm()) {
    std::lock_guard<std::mutex> lock(OpenBlasMutex());
    blas_fn(CblasRowMajor, trans_a ? CblasTrans : CblasNoTrans, trans_b ? CblasTrans : CblasNoTrans,
            static_cast<int>(m), static_cast<int>(n), static_cast<int>(k), alpha, a,
            static_cast<int>(lda), b, static_cast<int>(ldb), beta, c, static_cast<int>(n));
    return;
  }
  // The pool splits C into column blocks (or row blocks when C is tall) and each thread
  // multiplies its block: A by a slice of B, or a slice of A by B. The inner dimension is never
  // split, so no partial sums cross threads.
  auto block = [&](int64_t m0, int64_t m1, int64_t n0, int64_t n1) {
    const T* a_part = a + (trans_a ? m0 : m0 * lda);
    const T* b_part = b + (trans_b ? n0 * ldb : n0);
    internal::EigenGemm<T>(trans_a, trans_b, m1 - m0, n1 - n0, k, alpha, a_part, lda, b_part, ldb,
                           beta, c + m0 * n + n0, n);
  };
  std::shared_ptr<ThreadPool> pool;
  if (static_cast<double>(m) * n * k >= kParallelGemmWork) pool = CurrentCPUThreadPool();
  if (pool == nullptr || pool->num_threads() == 1) {
    block(0, m, 0, n);
    return;
  }
  // Blocks of whole SIMD widths (16 columns, 8 rows), at most one per thread.
  SplitGemmOverPool(pool.get(), m, n, m > n, 8, 16, block);
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

template <typename T>
void GemmWeightsB(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, T alpha, const T* a,
                  const DenseTensor& b, T beta, T* c) {
  if constexpr (std::is_same_v<T, float>) {
    // Products of a few rows read b straight (not packed): nothing to keep for them.
    if (m > internal::kGemmFewRows && n > 0 && k > 0 && internal::PackedSgemmUsable()) {
      const std::shared_ptr<const internal::GemmPackedB> packed = FrozenPackedB(b, k, n, trans_b);
      if (packed != nullptr) {
        GemmImpl<float>(cblas_sgemm, trans_a, trans_b, m, n, k, alpha, a, b.data<float>(), beta, c,
                        packed.get());
        return;
      }
    }
  }
  Gemm<T>(trans_a, trans_b, m, n, k, alpha, a, b.data<T>(), beta, c);
}

template void GemmWeightsB<float>(bool, bool, int64_t, int64_t, int64_t, float, const float*,
                                  const DenseTensor&, float, float*);
template void GemmWeightsB<double>(bool, bool, int64_t, int64_t, int64_t, double, const double*,
                                   const DenseTensor&, double, double*);

}  // namespace funcs
}  // namespace phi
