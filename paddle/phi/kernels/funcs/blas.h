// GEMM for CPU kernels (float, double), row-major: every matrix product in the kernel library
// goes through funcs::Gemm. Float runs the packed GEMM of sgemm_packed.h (the one the
// convolutions use), double Eigen's product, both split over the intra-op pool; CPUs without
// AVX2 + FMA get OpenBLAS's cblas (blas.cc says why).
#pragma once

#include <cstdint>

namespace phi {
class DenseTensor;
namespace funcs {

// c[m, n] = alpha * op(a) * op(b) + beta * c, all row-major and contiguous. op(a) is [m, k]:
// a is stored [m, k], or [k, m] when trans_a. op(b) is [k, n]: b is stored [k, n], or [n, k]
// when trans_b. With beta == 0, c is not read (NaNs in it do not propagate).
template <typename T>
void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, T alpha, const T* a,
          const T* b, T beta, T* c);

template <>
void Gemm<float>(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, float alpha,
                 const float* a, const float* b, float beta, float* c);
template <>
void Gemm<double>(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, double alpha,
                  const double* a, const double* b, double beta, double* c);

// Gemm with b a tensor: a layer's weights. When b is frozen (an inference model's parameters)
// op(b) is packed for the float GEMM once and kept with it; the result is the same either way.
template <typename T>
void GemmWeightsB(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, T alpha, const T* a,
                  const DenseTensor& b, T beta, T* c);

}  // namespace funcs
}  // namespace phi
