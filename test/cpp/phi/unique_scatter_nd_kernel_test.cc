// Tests of the unique, bincount and scatter_nd_add kernels and their InferMeta: NaN handling
// and slice order in unique, the legacy first-appearance order, bincount's extent and typed
// errors, scatter_nd_add's accumulation, negative and out-of-range coordinates, and a float64
// central-difference check of its grad.
#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "paddle/phi/infermeta/unique_scatter_nd.h"
#include "paddle/phi/kernels/bincount_kernel.h"
#include "paddle/phi/kernels/scatter_nd_add_kernel.h"
#include "paddle/phi/kernels/unique_kernel.h"
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

struct UniqueResult {
  DenseTensor out, indices, index, counts;
};

template <typename T>
UniqueResult Unique(const DenseTensor& x, const std::vector<int>& axis, bool is_sorted = true,
                    DataType dtype = DataType::INT64) {
  UniqueResult r;
  MetaTensor mo(&r.out), mi(&r.indices), mv(&r.index), mc(&r.counts);
  UniqueInferMeta(MetaTensor(&x), dtype, true, true, true, axis, is_sorted, &mo, &mi, &mv, &mc);
  UniqueKernel<T>(Ctx(), x, dtype, true, true, true, axis, is_sorted, &r.out, &r.indices, &r.index,
                  &r.counts);
  return r;
}

}  // namespace

TEST(UniqueKernel, FlattenedSortsAndPutsNaNLast) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  DenseTensor x = MakeTensor<float>(DDim({2, 3}), {2, nan, 1, 2, nan, 3});
  UniqueResult r = Unique<float>(x, {});
  ASSERT_EQ(r.out.dims(), DDim({4}));
  std::vector<float> out = ToVector<float>(r.out);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[1], 2);
  EXPECT_EQ(out[2], 3);
  EXPECT_TRUE(std::isnan(out[3]));
  EXPECT_EQ(ToVector<int64_t>(r.indices), (std::vector<int64_t>{2, 0, 5, 1}));
  EXPECT_EQ(r.index.dims(), DDim({6}));
  EXPECT_EQ(ToVector<int64_t>(r.index), (std::vector<int64_t>{1, 3, 0, 1, 3, 2}));
  EXPECT_EQ(ToVector<int64_t>(r.counts), (std::vector<int64_t>{1, 2, 1, 2}));
}

TEST(UniqueKernel, AlongAnAxisComparesSlicesInOrder) {
  DenseTensor x = MakeTensor<int32_t>(DDim({2, 3}), {1, 0, 1, 2, 5, 2});
  UniqueResult r = Unique<int32_t>(x, {-1}, true, DataType::INT32);
  EXPECT_EQ(r.out.dims(), DDim({2, 2}));
  EXPECT_EQ(ToVector<int32_t>(r.out), (std::vector<int32_t>{0, 1, 5, 2}));
  EXPECT_EQ(r.indices.dtype(), DataType::INT32);
  EXPECT_EQ(ToVector<int32_t>(r.indices), (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(ToVector<int32_t>(r.index), (std::vector<int32_t>{1, 0, 1}));
  EXPECT_EQ(ToVector<int32_t>(r.counts), (std::vector<int32_t>{1, 2}));
  UniqueResult rows = Unique<int32_t>(MakeTensor<int32_t>(DDim({3, 2}), {4, 1, 3, 9, 4, 1}), {0});
  EXPECT_EQ(rows.out.dims(), DDim({2, 2}));
  EXPECT_EQ(ToVector<int32_t>(rows.out), (std::vector<int32_t>{3, 9, 4, 1}));
  EXPECT_EQ(ToVector<int64_t>(rows.index), (std::vector<int64_t>{1, 0, 1}));
}

TEST(UniqueKernel, LegacyUnsortedKeepsFirstAppearance) {
  DenseTensor x = MakeTensor<int64_t>(DDim({6}), {2, 3, 3, 1, 5, 3});
  UniqueResult r = Unique<int64_t>(x, {}, false);
  EXPECT_EQ(ToVector<int64_t>(r.out), (std::vector<int64_t>{2, 3, 1, 5}));
  EXPECT_EQ(ToVector<int64_t>(r.index), (std::vector<int64_t>{0, 1, 1, 2, 3, 1}));
  EXPECT_EQ(ToVector<int64_t>(r.counts), (std::vector<int64_t>{1, 3, 1, 1}));
}

TEST(UniqueInferMeta, BuildTimeDimsAndErrors) {
  DenseTensor x(DataType::FLOAT32, DDim({-1, 4})), out, indices, index, counts;
  MetaTensor mx(&x), mo(&out), mi(&indices), mv(&index), mc(&counts);
  UniqueInferMeta(mx, DataType::INT32, false, true, false, {1}, true, &mo, &mi, &mv, &mc);
  EXPECT_EQ(out.dims(), DDim({-1, -1}));
  EXPECT_EQ(index.dims(), DDim({4}));
  EXPECT_EQ(index.dtype(), DataType::INT32);
  UniqueInferMeta(mx, DataType::INT64, false, true, false, {}, true, &mo, &mi, &mv, &mc);
  EXPECT_EQ(index.dims(), DDim({-1}));
  ExpectInvalid(
      [&] {
        UniqueInferMeta(mx, DataType::FLOAT32, 0, 0, 0, {}, true, &mo, nullptr, nullptr, nullptr);
      },
      "dtype to be int32 or int64");
  ExpectInvalid(
      [&] {
        UniqueInferMeta(mx, DataType::INT64, 0, 0, 0, {2}, true, &mo, nullptr, nullptr, nullptr);
      },
      "axis in [-2, 2)");
  ExpectInvalid(
      [&] {
        UniqueInferMeta(mx, DataType::INT64, 0, 0, 0, {0, 1}, true, &mo, nullptr, nullptr, nullptr);
      },
      "at most one axis");
}

TEST(BincountKernel, CountsSumsAndRefusesNegatives) {
  DenseTensor x = MakeTensor<int64_t>(DDim({4}), {1, 3, 1, 0});
  DenseTensor out;
  MetaTensor mo(&out);
  BincountInferMeta(MetaTensor(&x), MetaTensor(), 6, &mo);
  EXPECT_EQ(out.dtype(), DataType::INT64);
  BincountKernel<int64_t>(Ctx(), x, nullptr, 6, &out);
  EXPECT_EQ(ToVector<int64_t>(out), (std::vector<int64_t>{1, 2, 0, 1, 0, 0}));
  DenseTensor w = MakeTensor<double>(DDim({4}), {0.5, 2.0, 0.25, 1.0});
  DenseTensor wout;
  MetaTensor mw(&wout);
  BincountInferMeta(MetaTensor(&x), MetaTensor(&w), 0, &mw);
  EXPECT_EQ(wout.dtype(), DataType::FLOAT64);
  BincountKernel<int64_t>(Ctx(), x, &w, 0, &wout);
  ExpectNear(ToVector<double>(wout), {1.0, 0.75, 0.0, 2.0}, 1e-12);
  DenseTensor bad = MakeTensor<int32_t>(DDim({3}), {0, -2, 1});
  ExpectInvalid([&] { BincountKernel<int32_t>(Ctx(), bad, nullptr, 0, &out); },
                "non-negative values, but got -2 at position 1");
  DenseTensor x2 = MakeTensor<int32_t>(DDim({2, 2}), {0, 1, 2, 3});
  ExpectInvalid([&] { BincountInferMeta(MetaTensor(&x2), MetaTensor(), 0, &mo); }, "X to be 1-D");
  ExpectInvalid([&] { BincountInferMeta(MetaTensor(&x), MetaTensor(), -1, &mo); },
                "minlength >= 0");
}

TEST(ScatterNdAddKernel, AccumulatesRepeatsAndNegativeCoordinates) {
  DenseTensor x = MakeTensor<double>(DDim({3, 2}), {1, 1, 1, 1, 1, 1});
  DenseTensor index = MakeTensor<int64_t>(DDim({3, 1}), {1, 1, -1});
  DenseTensor updates = MakeTensor<double>(DDim({3, 2}), {1, 2, 3, 4, 5, 6});
  DenseTensor out;
  MetaTensor mo(&out);
  ScatterNdAddInferMeta(MetaTensor(&x), MetaTensor(&index), MetaTensor(&updates), &mo);
  ScatterNdAddKernel<double>(Ctx(), x, index, updates, &out);
  ExpectNear(ToVector<double>(out), {1, 1, 5, 7, 6, 7}, 1e-12);
  DenseTensor full = MakeTensor<int32_t>(DDim({2, 2}), {0, 1, 1, 0});  // element tuples
  DenseTensor vals = MakeTensor<double>(DDim({2}), {10, 20});
  ScatterNdAddKernel<double>(Ctx(), x, full, vals, &out);
  ExpectNear(ToVector<double>(out), {1, 11, 21, 1, 1, 1}, 1e-12);
}

TEST(ScatterNdAddKernel, OutOfRangeAndShapeErrors) {
  DenseTensor x = MakeTensor<float>(DDim({3, 2}), {0, 0, 0, 0, 0, 0});
  DenseTensor index = MakeTensor<int32_t>(DDim({2, 2}), {0, 1, 2, -3});
  DenseTensor updates = MakeTensor<float>(DDim({2}), {1, 2});
  DenseTensor out;
  ExpectInvalid([&] { ScatterNdAddKernel<float>(Ctx(), x, index, updates, &out); },
                "Index values along axis 1 in [-2, 2) (X's extent 2), but got -3 in index tuple 1");
  MetaTensor mo(&out);
  DenseTensor wrong(DataType::FLOAT32, DDim({2, 2}));
  ExpectInvalid(
      [&] { ScatterNdAddInferMeta(MetaTensor(&x), MetaTensor(&index), MetaTensor(&wrong), &mo); },
      "Updates to have dims [2] (Index.dims[:-1] + X.dims[2:])");
  DenseTensor deep(DataType::INT64, DDim({1, 3}));
  ExpectInvalid(
      [&] { ScatterNdAddInferMeta(MetaTensor(&x), MetaTensor(&deep), MetaTensor(&wrong), &mo); },
      "Index.dims[-1] <= rank of X (2)");
}

TEST(ScatterNdAddGradKernel, MatchesCentralDifferences) {
  DenseTensor index = MakeTensor<int64_t>(DDim({2, 2, 1}), {0, 2, 0, -1});
  auto forward = [&](const std::vector<DenseTensor>& in) {
    DenseTensor out;
    MetaTensor mo(&out);
    ScatterNdAddInferMeta(MetaTensor(&in[0]), MetaTensor(&index), MetaTensor(&in[1]), &mo);
    ScatterNdAddKernel<double>(Ctx(), in[0], index, in[1], &out);
    return std::vector<DenseTensor>{out};
  };
  auto backward = [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                      const std::vector<DenseTensor>& grads) {
    DenseTensor dx, du;
    MetaTensor mdx(&dx), mdu(&du);
    ScatterNdAddGradInferMeta(MetaTensor(&index), MetaTensor(&in[1]), MetaTensor(&grads[0]), &mdx,
                              &mdu);
    ScatterNdAddGradKernel<double>(Ctx(), index, grads[0], &dx, &du);
    return std::vector<DenseTensor>{dx, du};
  };
  CheckGradients(forward, backward,
                 {RandomTensor<double>(DDim({3, 4}), 1), RandomTensor<double>(DDim({2, 2, 4}), 2)},
                 {0, 1});
}

}  // namespace test
}  // namespace phi
