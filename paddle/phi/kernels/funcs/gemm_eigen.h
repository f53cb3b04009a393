// The double GEMM that funcs::Gemm runs (float takes sgemm_packed.h): Eigen's matrix product
// (blocked and packed, vectorized for AVX2 + FMA on x86-64, where this translation unit is built
// with those instructions). It is safe to call from several threads at once, which the serial
// OpenBLAS of Debian is not (its buffers are shared: concurrent calls gave wrong results), so
// funcs::Gemm can split one product over the intra-op pool. Internal to blas.cc.
#pragma once

#include <cstdint>

namespace phi {
namespace funcs {
namespace internal {

// Whether gemm_eigen.cc was built for AVX2 + FMA (then only CPUs with both may call it).
extern const bool kEigenGemmNeedsAvx2Fma;

// c = alpha * op(a) * op(b) + beta * c on row-major operands with leading dimensions lda, ldb,
// ldc (op as in funcs::Gemm); with beta == 0, c is not read.
template <typename T>
void EigenGemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, T alpha, const T* a,
               int64_t lda, const T* b, int64_t ldb, T beta, T* c, int64_t ldc);

}  // namespace internal
}  // namespace funcs
}  // namespace phi
