// Tests of matmul and matmul_grad against a naive triple loop (transposes, 1-D operands,
// broadcast batches), the GEMM wrapper, MatmulInferMeta and its shape errors.
#include <algorithm>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/kernels/funcs/blas.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"
#include "paddle/phi/kernels/matmul_grad_kernel.h"
#include "paddle/phi/kernels/matmul_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

// numpy.matmul written out directly: vectors become [1, K] / [K, 1], batches broadcast.
std::vector<double> NaiveMatmul(const std::vector<double>& x, std::vector<int64_t> xd,
                                const std::vector<double>& y, std::vector<int64_t> yd,
                                bool trans_x, bool trans_y, std::vector<int64_t>* out_dims) {
  const bool x_vec = xd.size() == 1, y_vec = yd.size() == 1;
  if (x_vec) xd = {1, xd[0]}, trans_x = false;
  if (y_vec) yd = {yd[0], 1}, trans_y = false;
  const size_t xr = xd.size(), yr = yd.size();
  const int64_t x_rows = xd[xr - 2], x_cols = xd[xr - 1];
  const int64_t y_rows = yd[yr - 2], y_cols = yd[yr - 1];
  const int64_t M = trans_x ? x_cols : x_rows, K = trans_x ? x_rows : x_cols;
  const int64_t N = trans_y ? y_rows : y_cols;
  std::vector<int64_t> xb(xd.begin(), xd.end() - 2), yb(yd.begin(), yd.end() - 2);
  const size_t nb = std::max(xb.size(), yb.size());
  xb.insert(xb.begin(), nb - xb.size(), 1);
  yb.insert(yb.begin(), nb - yb.size(), 1);
  std::vector<int64_t> ob(nb);
  int64_t batches = 1;
  for (size_t i = 0; i < nb; ++i) batches *= (ob[i] = std::max(xb[i], yb[i]));
  std::vector<double> out(batches * M * N, 0.0);
  for (int64_t b = 0; b < batches; ++b) {
    // Decompose b over ob and re-linearize over xb / yb with broadcast axes pinned at 0.
    int64_t rest = b, xbat = 0, ybat = 0, xmul = 1, ymul = 1;
    for (size_t i = nb; i-- > 0;) {
      const int64_t pos = rest % ob[i];
      rest /= ob[i];
      xbat += (xb[i] == 1 ? 0 : pos) * xmul;
      ybat += (yb[i] == 1 ? 0 : pos) * ymul;
      xmul *= xb[i];
      ymul *= yb[i];
    }
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        double sum = 0;
        for (int64_t k = 0; k < K; ++k) {
          const double xv = trans_x ? x[xbat * M * K + k * M + m] : x[xbat * M * K + m * K + k];
          const double yv = trans_y ? y[ybat * K * N + n * K + k] : y[ybat * K * N + k * N + n];
          sum += xv * yv;
        }
        out[b * M * N + m * N + n] = sum;
      }
  }
  *out_dims = ob;
  if (!x_vec) out_dims->push_back(M);
  if (!y_vec) out_dims->push_back(N);
  return out;
}

struct MatmulCase {
  std::vector<int64_t> x, y;
  bool trans_x, trans_y;
};

const std::vector<MatmulCase>& Cases() {
  static const std::vector<MatmulCase> cases = {
      {{3, 4}, {4, 5}, false, false},          {{4, 3}, {4, 5}, true, false},
      {{3, 4}, {5, 4}, false, true},           {{4, 3}, {5, 4}, true, true},
      {{2, 1, 3, 4}, {5, 4, 6}, false, false}, {{2, 1, 4, 3}, {5, 6, 4}, true, true},
      {{2, 3, 4}, {4, 5}, false, false},       {{2, 3, 4}, {5, 4}, false, true},
      {{2, 4, 3}, {4, 5}, true, false},        {{4, 5}, {3, 5, 2}, false, false},
      {{3, 1, 2, 4}, {1, 2, 4, 3}, false, false},
      {{4}, {4, 5}, false, false},             {{4}, {5, 4}, true, true},
      {{3, 4}, {4}, false, false},             {{4, 3}, {4}, true, false},
      {{4}, {4}, false, false},                {{4}, {2, 4, 3}, false, false},
      {{2, 3, 4}, {4}, false, false},          {{2, 3, 4}, {2, 4, 5}, false, false},
  };
  return cases;
}

std::vector<double> Values(int64_t n, uint32_t seed) {
  return ToVector<double>(RandomTensor<double>(DDim({n}), seed));
}

std::vector<DenseTensor> RunMatmul(const std::vector<DenseTensor>& in, bool tx, bool ty) {
  DenseTensor out;
  MatmulKernel<double>(Ctx(), in[0], in[1], tx, ty, &out);
  return {out};
}

}  // namespace

TEST(GemmTest, AllTransposeCombinationsAndEmptyInnerDim) {
  // a = [[1, 2, 3], [4, 5, 6]] (2x3), b = [[1, 0], [0, 1], [1, 1]] (3x2): a b = [[4, 5], [10, 11]].
  const std::vector<double> a = {1, 2, 3, 4, 5, 6}, b = {1, 0, 0, 1, 1, 1};
  const std::vector<double> a_t = {1, 4, 2, 5, 3, 6}, b_t = {1, 0, 1, 0, 1, 1};
  std::vector<double> c(4, 100.0);
  funcs::Gemm<double>(false, false, 2, 2, 3, 1.0, a.data(), b.data(), 0.0, c.data());
  ExpectNear(c, {4, 5, 10, 11}, 1e-12);
  funcs::Gemm<double>(true, true, 2, 2, 3, 2.0, a_t.data(), b_t.data(), 1.0, c.data());
  ExpectNear(c, {12, 15, 30, 33}, 1e-12);
  std::vector<float> cf = {1, 2, 3, 4};
  funcs::Gemm<float>(false, false, 2, 2, 0, 1.0f, nullptr, nullptr, 0.5f, cf.data());
  ExpectNear(cf, {0.5f, 1.0f, 1.5f, 2.0f}, 0);
}

TEST(MatmulKernel, HandComputed2x2) {
  DenseTensor x = MakeTensor<double>({2, 2}, {1, 2, 3, 4});
  DenseTensor y = MakeTensor<double>({2, 2}, {5, 6, 7, 8});
  DenseTensor out;
  MatmulKernel<double>(Ctx(), x, y, false, false, &out);
  EXPECT_EQ(out.dims(), DDim({2, 2}));
  ExpectNear(ToVector<double>(out), {19, 22, 43, 50}, 1e-12);
  MatmulKernel<double>(Ctx(), x, y, true, false, &out);  // x^T y
  ExpectNear(ToVector<double>(out), {26, 30, 38, 44}, 1e-12);
}

TEST(MatmulKernel, MatchesNaiveLoopForAllCases) {
  uint32_t seed = 1;
  for (const MatmulCase& c : Cases()) {
    SCOPED_TRACE(::testing::Message() << "x " << DDim(c.x) << " y " << DDim(c.y) << " trans "
                                      << c.trans_x << c.trans_y);
    std::vector<double> xv = Values(DDim(c.x).numel(), seed++);
    std::vector<double> yv = Values(DDim(c.y).numel(), seed++);
    std::vector<int64_t> expected_dims;
    std::vector<double> expected = NaiveMatmul(xv, c.x, yv, c.y, c.trans_x, c.trans_y,
                                               &expected_dims);
    DenseTensor x = MakeTensor<double>(DDim(c.x), xv), y = MakeTensor<double>(DDim(c.y), yv);
    DenseTensor out;
    MatmulKernel<double>(Ctx(), x, y, c.trans_x, c.trans_y, &out);
    EXPECT_EQ(out.dims(), DDim(expected_dims));
    ExpectNear(ToVector<double>(out), expected, 1e-12);

    DenseTensor inferred;
    MetaTensor inferred_meta(&inferred);
    MatmulInferMeta(MetaTensor(&x), MetaTensor(&y), c.trans_x, c.trans_y, &inferred_meta);
    EXPECT_EQ(inferred.dims(), DDim(expected_dims));
    EXPECT_EQ(inferred.dtype(), DataType::FLOAT64);
  }
}

TEST(MatmulKernel, FloatThroughRegistry) {
  const Kernel& kernel = KernelRegistry::Instance().Select(
      "matmul", {Backend::CPU, DataLayout::ANY, DataType::FLOAT32});
  DenseTensor x = MakeTensor<float>({2, 3}, {1, 2, 3, 4, 5, 6});
  DenseTensor y = MakeTensor<float>({2, 3}, {1, 0, -1, 2, 1, 0});
  DenseTensor out(DataType::FLOAT32, DDim({2, 2}));
  KernelContext ctx(&Ctx());
  ctx.EmplaceBackInput(&x);
  ctx.EmplaceBackInput(&y);
  ctx.EmplaceBackAttr(false);
  ctx.EmplaceBackAttr(true);
  ctx.EmplaceBackOutput(&out);
  kernel(&ctx);
  // x y^T: rows of x dotted with rows of y.
  ExpectNear(ToVector<float>(out), {-2.0f, 4.0f, -2.0f, 13.0f}, 1e-6);
}

// Frozen weights (an inference model's y) are packed once and kept: the same bits as packed
// per call, with y as stored and transposed, x of a few rows (read straight, nothing kept) and
// of many; a write through the tensor thaws it and the next product sees the new values.
TEST(MatmulKernel, FrozenWeightsArePackedOnceAndThawedByWrites) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  for (bool trans_y : {false, true}) {
    for (int64_t rows : {int64_t{3}, int64_t{64}}) {
      DenseTensor x = RandomTensor<float>({2, rows, 300}, 21);
      DenseTensor y = RandomTensor<float>(trans_y ? DDim({70, 300}) : DDim({300, 70}), 22);
      auto run = [&](const DenseTensor& weights) {
        DenseTensor out;
        MatmulKernel<float>(Ctx(), x, weights, false, trans_y, &out);
        return ToVector<float>(out);
      };
      const std::vector<float> plain = run(y);
      const std::shared_ptr<Allocation> storage = y.Holder();
      storage->Freeze();
      const DenseTensor& frozen = y;
      EXPECT_EQ(run(frozen), plain);
      EXPECT_EQ(run(frozen), plain);
      // At least 6 rows of x: y is packed, once.
      EXPECT_EQ(storage->derived_count(), 1u) << "rows " << rows;
      y.data<float>()[5] -= 2.0f;
      EXPECT_EQ(storage->derived_count(), 0u);
      DenseTensor fresh = MakeTensor<float>(y.dims(), ToVector<float>(y));
      EXPECT_EQ(run(y), run(fresh));
      EXPECT_NE(run(y), plain);
    }
  }
  // Two rows of x read y straight: nothing is kept.
  DenseTensor x = RandomTensor<float>({2, 300}, 23);
  DenseTensor y = RandomTensor<float>({300, 70}, 24);
  y.Holder()->Freeze();
  DenseTensor out;
  MatmulKernel<float>(Ctx(), x, static_cast<const DenseTensor&>(y), false, false, &out);
  EXPECT_EQ(y.Holder()->derived_count(), 0u);
}

TEST(MatmulKernel, EmptyInnerDimGivesZeros) {
  DenseTensor x = MakeTensor<double>({2, 0}, {});
  DenseTensor y = MakeTensor<double>({0, 3}, {});
  DenseTensor out;
  MatmulKernel<double>(Ctx(), x, y, false, false, &out);
  EXPECT_EQ(out.dims(), DDim({2, 3}));
  ExpectNear(ToVector<double>(out), std::vector<double>(6, 0.0), 0);
}

TEST(MatmulGradKernel, CentralDifferenceForAllCases) {
  uint32_t seed = 100;
  for (const MatmulCase& c : Cases()) {
    SCOPED_TRACE(::testing::Message() << "x " << DDim(c.x) << " y " << DDim(c.y) << " trans "
                                      << c.trans_x << c.trans_y);
    std::vector<DenseTensor> inputs = {RandomTensor<double>(DDim(c.x), seed++),
                                       RandomTensor<double>(DDim(c.y), seed++)};
    auto forward = [&](const std::vector<DenseTensor>& in) {
      return RunMatmul(in, c.trans_x, c.trans_y);
    };
    auto backward = [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                        const std::vector<DenseTensor>& dout) {
      DenseTensor dx, dy;
      MatmulGradKernel<double>(Ctx(), in[0], in[1], dout[0], c.trans_x, c.trans_y, &dx, &dy);
      return std::vector<DenseTensor>{dx, dy};
    };
    CheckGradients(forward, backward, inputs, {0, 1});
  }
}

TEST(MatmulGradKernel, SkipsGradientsNotWanted) {
  DenseTensor x = RandomTensor<double>({2, 3}, 7), y = RandomTensor<double>({3, 2}, 8);
  DenseTensor dout = MakeTensor<double>({2, 2}, {1, 0, 0, 1});
  DenseTensor dy;
  MatmulGradKernel<double>(Ctx(), x, y, dout, false, false, nullptr, &dy);
  // dy = x^T dout = x^T (identity) = x^T.
  std::vector<double> xv = ToVector<double>(x);
  ExpectNear(ToVector<double>(dy), {xv[0], xv[3], xv[1], xv[4], xv[2], xv[5]}, 1e-12);
  MatmulGradKernel<double>(Ctx(), x, y, dout, false, false, nullptr, nullptr);
}

TEST(MatmulInferMeta, UnknownExtentsPropagate) {
  DenseTensor x(DataType::FLOAT32, DDim({-1, 4})), y(DataType::FLOAT32, DDim({4, 3}));
  DenseTensor out;
  MetaTensor out_meta(&out);
  MatmulInferMeta(&x, &y, false, false, &out_meta);
  EXPECT_EQ(out.dims(), DDim({-1, 3}));
  EXPECT_EQ(out.dtype(), DataType::FLOAT32);

  // Unknown contraction and batch extents are compatible; a known batch extent wins.
  DenseTensor bx(DataType::FLOAT32, DDim({-1, 1, 2, -1})), by(DataType::FLOAT32, DDim({5, 3, 7}));
  MatmulInferMeta(&bx, &by, false, false, &out_meta);
  EXPECT_EQ(out.dims(), DDim({-1, 5, 2, 7}));
  DenseTensor cx(DataType::FLOAT32, DDim({-1, 2, 3})), cy(DataType::FLOAT32, DDim({4, 3, 2}));
  MatmulInferMeta(&cx, &cy, false, false, &out_meta);
  EXPECT_EQ(out.dims(), DDim({4, 2, 2}));
  DenseTensor vx(DataType::FLOAT32, DDim({-1})), vy(DataType::FLOAT32, DDim({-1}));
  MatmulInferMeta(&vx, &vy, false, false, &out_meta);
  EXPECT_EQ(out.dims(), DDim());
}

TEST(MatmulInferMeta, MismatchedShapesAreInvalidArgument) {
  DenseTensor x(DataType::FLOAT32, DDim({2, 4})), y(DataType::FLOAT32, DDim({5, 3}));
  DenseTensor out;
  MetaTensor out_meta(&out);
  try {
    MatmulInferMeta(&x, &y, false, false, &out_meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("but got X [2, 4] and Y [5, 3]"), std::string::npos)
        << e.what();
  }
  DenseTensor bx(DataType::FLOAT32, DDim({2, 3, 4})), by(DataType::FLOAT32, DDim({3, 4, 5}));
  try {
    MatmulInferMeta(&bx, &by, false, false, &out_meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("batch dims"), std::string::npos) << e.what();
  }
  DenseTensor scalar(DataType::FLOAT32, DDim());
  EXPECT_THROW(MatmulInferMeta(&scalar, &y, false, false, &out_meta),
               common::InvalidArgumentError);
  DenseTensor y64(DataType::FLOAT64, DDim({4, 3}));
  EXPECT_THROW(MatmulInferMeta(&x, &y64, false, false, &out_meta), common::InvalidArgumentError);
}

TEST(MatmulKernel, MismatchedShapesRaiseInKernel) {
  DenseTensor x = RandomTensor<double>({2, 4}, 1), y = RandomTensor<double>({5, 3}, 2);
  DenseTensor out, dx, dy;
  EXPECT_THROW(MatmulKernel<double>(Ctx(), x, y, false, false, &out),
               common::InvalidArgumentError);
  DenseTensor good_y = RandomTensor<double>({4, 3}, 3);
  DenseTensor wrong_dout = RandomTensor<double>({3, 3}, 4);
  EXPECT_THROW(MatmulGradKernel<double>(Ctx(), x, good_y, wrong_dout, false, false, &dx, &dy),
               common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
