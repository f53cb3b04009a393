// Single-thread GEMM throughput on the convolution shapes of ResNet and MobileNet and a few
// BERT-sized products: our packed GEMM (funcs/sgemm_packed.cc), Eigen's product (built for
// AVX2 + FMA, as gemm_eigen.cc is) and OpenBLAS's cblas_sgemm. C = A * B, row-major, best of
// 10 runs.
//
//     ninja -C build gemm_bench && build/benchmarks/gemm_bench
#include <cblas.h>

#include <Eigen/Core>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "paddle/phi/kernels/funcs/sgemm_packed.h"

namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

template <typename Fn>
double BestSeconds(Fn fn) {
  double best = 1e30;
  for (int r = 0; r < 10; ++r) {
    const auto start = std::chrono::steady_clock::now();
    fn();
    best = std::min(
        best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

}  // namespace

int main() {
  const int shapes[][3] = {{64, 3136, 576},  {128, 784, 1152}, {256, 196, 2304}, {512, 98, 4608},
                           {64, 3136, 64},   {512, 98, 512},   {96, 12544, 16},  {24, 3136, 144},
                           {64, 25088, 147}, {64, 128, 128},   {128, 768, 128},  {64, 64, 32}};
  std::printf(
      "| m x n x k | packed GFLOP/s | Eigen GFLOP/s | OpenBLAS GFLOP/s |\n|---|---|---|---|\n");
  for (const auto& s : shapes) {
    const int m = s[0], n = s[1], k = s[2];
    std::vector<float> a(static_cast<size_t>(m) * k, 0.5f), b(static_cast<size_t>(k) * n, 0.25f);
    std::vector<float> c(static_cast<size_t>(m) * n);
    Eigen::Map<const RowMatrix> ea(a.data(), m, k), eb(b.data(), k, n);
    Eigen::Map<RowMatrix> ec(c.data(), m, n);
    const double eigen = BestSeconds([&] { ec.noalias() = ea * eb; });
    const double blas = BestSeconds([&] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a.data(), k, b.data(),
                  n, 0.0f, c.data(), n);
    });
    const phi::funcs::internal::GemmMatrixB packed_b(b.data(), n, false);
    phi::funcs::internal::GemmCLayout layout;
    layout.base = c.data();
    layout.ldc = n;
    layout.seg_cols = n;
    const double packed = BestSeconds([&] {
      phi::funcs::internal::PackedSgemm(m, n, k, 1.0f, a.data(), k, false, packed_b, 0.0f, layout,
                                        nullptr);
    });
    const double flop = 2.0 * m * n * k;
    std::printf("| %d x %d x %d | %.1f | %.1f | %.1f |\n", m, n, k, flop / packed / 1e9,
                flop / eigen / 1e9, flop / blas / 1e9);
  }
  return 0;
}
