// Tests of the dense linear-algebra kernels (inverse, determinant, slogdeterminant, solve,
// cholesky, triangular_solve, qr, svd, eigh) and their InferMeta: known small results, batches,
// and the typed errors for singular, non-positive-definite and non-square input.
#include "paddle/phi/kernels/linalg_ext_kernel.h"

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "paddle/phi/infermeta/linalg_ext.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

void ExpectInvalid(const std::function<void()>& fn, const std::string& part) {
  try {
    fn();
    ADD_FAILURE() << "expected InvalidArgumentError containing: " << part;
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

void ExpectNear(const std::vector<double>& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "at " << i;
}

}  // namespace

TEST(LinalgExtKernel, InverseDeterminantAndSlogdetOfABatch) {
  // [[4, 7], [2, 6]] (det 10) and [[0, 1], [1, 0]] (det -1).
  DenseTensor x = MakeTensor<double>(DDim({2, 2, 2}), {4, 7, 2, 6, 0, 1, 1, 0});
  DenseTensor inv, det, slog;
  InverseKernel<double>(Ctx(), x, &inv);
  ExpectNear(ToVector<double>(inv), {0.6, -0.7, -0.2, 0.4, 0, 1, 1, 0}, 1e-12);
  DeterminantKernel<double>(Ctx(), x, &det);
  EXPECT_EQ(det.dims(), DDim({2}));
  ExpectNear(ToVector<double>(det), {10, -1}, 1e-12);
  SlogDeterminantKernel<double>(Ctx(), x, &slog);
  EXPECT_EQ(slog.dims(), DDim({2, 2}));
  ExpectNear(ToVector<double>(slog), {1, -1, std::log(10.0), 0}, 1e-12);
}

TEST(LinalgExtKernel, SingularMatricesRaiseNamingTheBatchIndex) {
  DenseTensor x = MakeTensor<float>(DDim({2, 2, 2}), {1, 0, 0, 1, 1, 2, 2, 4});
  DenseTensor out, det;
  ExpectInvalid([&] { InverseKernel<float>(Ctx(), x, &out); }, "batch index 1 is singular");
  DenseTensor y = MakeTensor<float>(DDim({2}), {1, 1});
  ExpectInvalid([&] { SolveKernel<float>(Ctx(), x, y, &out); }, "solve");
  SlogDeterminantKernel<float>(Ctx(), x, &det);
  std::vector<float> s = ToVector<float>(det);
  EXPECT_EQ(s[1], 0.0f);
  EXPECT_TRUE(std::isinf(s[3]) && s[3] < 0);
}

TEST(LinalgExtKernel, NonSquareInputRaisesNamingTheDims) {
  DenseTensor x = MakeTensor<float>(DDim({2, 3}), {1, 2, 3, 4, 5, 6});
  DenseTensor out;
  ExpectInvalid([&] { InverseKernel<float>(Ctx(), x, &out); }, "[2, 3]");
  ExpectInvalid([&] { CholeskyKernel<float>(Ctx(), x, false, &out); }, "square");
  DenseTensor v = MakeTensor<float>(DDim({3}), {1, 2, 3});
  ExpectInvalid([&] { DeterminantKernel<float>(Ctx(), v, &out); }, "rank >= 2");
  MetaTensor meta(&out);
  ExpectInvalid([&] { InverseInferMeta(MetaTensor(&x), &meta); }, "square");
}

TEST(LinalgExtKernel, SolveAndTriangularSolveBroadcastBatches) {
  DenseTensor a = MakeTensor<double>(DDim({2, 2}), {2, 1, 0, 4});  // upper triangular
  DenseTensor b = MakeTensor<double>(DDim({2, 2, 1}), {3, 4, 1, 8});
  DenseTensor z, t;
  SolveKernel<double>(Ctx(), a, b, &z);
  EXPECT_EQ(z.dims(), DDim({2, 2, 1}));
  ExpectNear(ToVector<double>(z), {1, 1, -0.5, 2}, 1e-12);
  TriangularSolveKernel<double>(Ctx(), a, b, true, false, false, &t);
  ExpectNear(ToVector<double>(t), {1, 1, -0.5, 2}, 1e-12);
  // Lower triangle of a with a unit diagonal: [[1, 0], [0, 1]].
  TriangularSolveKernel<double>(Ctx(), a, b, false, false, true, &t);
  ExpectNear(ToVector<double>(t), {3, 4, 1, 8}, 1e-12);
}

TEST(LinalgExtKernel, CholeskyFactorsAndRejectsIndefiniteMatrices) {
  DenseTensor x = MakeTensor<double>(DDim({2, 2}), {4, 2, 2, 5});
  DenseTensor l, u;
  CholeskyKernel<double>(Ctx(), x, false, &l);
  ExpectNear(ToVector<double>(l), {2, 0, 1, 2}, 1e-12);
  CholeskyKernel<double>(Ctx(), x, true, &u);
  ExpectNear(ToVector<double>(u), {2, 1, 0, 2}, 1e-12);
  DenseTensor bad = MakeTensor<double>(DDim({2, 2, 2}), {1, 0, 0, 1, 1, 2, 2, 1});
  ExpectInvalid([&] { CholeskyKernel<double>(Ctx(), bad, false, &l); },
                "batch index 1 is not positive definite");
}

TEST(LinalgExtKernel, DecompositionsReconstructTheirInput) {
  DenseTensor x = MakeTensor<double>(DDim({3, 2}), {1, 2, 3, 4, 5, 6});
  DenseTensor q, r, u, s, vh;
  QrKernel<double>(Ctx(), x, "reduced", &q, &r);
  EXPECT_EQ(q.dims(), DDim({3, 2}));
  EXPECT_EQ(r.dims(), DDim({2, 2}));
  std::vector<double> qv = ToVector<double>(q), rv = ToVector<double>(r);
  EXPECT_EQ(rv[2], 0.0);  // R upper triangular
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j)
      EXPECT_NEAR(qv[i * 2] * rv[j] + qv[i * 2 + 1] * rv[2 + j], 1 + i * 2 + j, 1e-12);
  SvdKernel<double>(Ctx(), x, false, &u, &s, &vh);
  std::vector<double> sv = ToVector<double>(s);
  ASSERT_EQ(sv.size(), 2u);
  EXPECT_NEAR(sv[0] * sv[0] + sv[1] * sv[1], 91.0, 1e-10);  // the Frobenius norm squared
  DenseTensor sym = MakeTensor<double>(DDim({2, 2}), {2, 1, 1, 2}), w, v;
  EighKernel<double>(Ctx(), sym, "L", &w, &v);
  ExpectNear(ToVector<double>(w), {1, 3}, 1e-12);
  ExpectInvalid([&] { EighKernel<double>(Ctx(), sym, "X", &w, &v); }, "UPLO");
}

}  // namespace test
}  // namespace phi
