// Tests of sum, mean and mean_all with their grads: hand-computed values, a naive
// reference over any axis set, 0-D and empty cases, ReduceInferMeta and axis errors.
#include <algorithm>
#include <cmath>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/shape.h"
#include "paddle/phi/kernels/mean_all_grad_kernel.h"
#include "paddle/phi/kernels/mean_all_kernel.h"
#include "paddle/phi/kernels/reduce_grad_kernel.h"
#include "paddle/phi/kernels/reduce_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

// Sums (or averages) x over the axes in `reduced` by visiting every input multi-index and
// dropping the reduced coordinates to find its output element.
std::vector<double> NaiveReduce(const std::vector<double>& x, const std::vector<int64_t>& dims,
                                const std::vector<int>& reduced, bool average) {
  const int rank = static_cast<int>(dims.size());
  auto is_reduced = [&](int axis) {
    return std::find(reduced.begin(), reduced.end(), axis) != reduced.end();
  };
  int64_t out_numel = 1, count = 1;
  for (int i = 0; i < rank; ++i) (is_reduced(i) ? count : out_numel) *= dims[i];
  std::vector<double> out(out_numel, 0.0);
  for (int64_t flat = 0; flat < static_cast<int64_t>(x.size()); ++flat) {
    int64_t rest = flat, out_index = 0, out_mul = 1;
    for (int i = rank - 1; i >= 0; --i) {
      const int64_t coord = rest % dims[i];
      rest /= dims[i];
      if (!is_reduced(i)) {
        out_index += coord * out_mul;
        out_mul *= dims[i];
      }
    }
    out[out_index] += x[flat];
  }
  if (average)
    for (double& v : out) v /= static_cast<double>(count);
  return out;
}

}  // namespace

TEST(SumKernel, HandComputed) {
  DenseTensor x = MakeTensor<double>({2, 3}, {1, 2, 3, 4, 5, 6});
  DenseTensor out;
  SumKernel<double>(Ctx(), x, {0}, false, false, &out);
  EXPECT_EQ(out.dims(), DDim({3}));
  ExpectNear(ToVector<double>(out), {5, 7, 9}, 0);
  SumKernel<double>(Ctx(), x, {-1}, true, false, &out);
  EXPECT_EQ(out.dims(), DDim({2, 1}));
  ExpectNear(ToVector<double>(out), {6, 15}, 0);
  SumKernel<double>(Ctx(), x, {}, false, false, &out);
  EXPECT_EQ(out.dims(), DDim());
  ExpectNear(ToVector<double>(out), {21}, 0);
  SumKernel<double>(Ctx(), x, {0}, true, true, &out);  // reduce_all wins over dims
  EXPECT_EQ(out.dims(), DDim({1, 1}));
  ExpectNear(ToVector<double>(out), {21}, 0);
  MeanKernel<double>(Ctx(), x, {1}, false, false, &out);
  ExpectNear(ToVector<double>(out), {2, 5}, 1e-15);
}

TEST(SumKernel, IntegerTypes) {
  DenseTensor x32 = MakeTensor<int32_t>({2, 2}, {1, -2, 3, 40});
  DenseTensor out32;
  SumKernel<int32_t>(Ctx(), x32, {1}, false, false, &out32);
  EXPECT_EQ(ToVector<int32_t>(out32), std::vector<int32_t>({-1, 43}));
  DenseTensor x64 = MakeTensor<int64_t>({3}, {int64_t(1) << 40, 5, -7});
  DenseTensor out64;
  SumKernel<int64_t>(Ctx(), x64, {0}, false, false, &out64);
  EXPECT_EQ(out64.dims(), DDim());
  EXPECT_EQ(ToVector<int64_t>(out64), std::vector<int64_t>({(int64_t(1) << 40) - 2}));
}

TEST(ReduceKernels, AxisSetsMatchNaiveReference) {
  const std::vector<int64_t> dims = {2, 3, 1, 4};
  DenseTensor x = RandomTensor<double>(DDim(dims), 40);
  const std::vector<double> xv = ToVector<double>(x);
  const std::vector<std::vector<int64_t>> axis_sets = {{0}, {1}, {3}, {0, 3}, {1, 2}, {-1, 1},
                                                       {0, 1, 2}, {2}, {0, 1, 2, 3}};
  for (const auto& axes : axis_sets) {
    std::vector<int> normalized;
    for (int64_t a : axes) normalized.push_back(static_cast<int>(a < 0 ? a + 4 : a));
    for (bool keep_dim : {false, true}) {
      SCOPED_TRACE(::testing::Message() << "axes " << DDim(axes) << " keep_dim " << keep_dim);
      DenseTensor sum, mean;
      SumKernel<double>(Ctx(), x, axes, keep_dim, false, &sum);
      MeanKernel<double>(Ctx(), x, axes, keep_dim, false, &mean);
      ExpectNear(ToVector<double>(sum), NaiveReduce(xv, dims, normalized, false), 1e-12);
      ExpectNear(ToVector<double>(mean), NaiveReduce(xv, dims, normalized, true), 1e-12);
      std::vector<int64_t> expected_dims;
      for (int i = 0; i < 4; ++i) {
        const bool r = std::find(normalized.begin(), normalized.end(), i) != normalized.end();
        if (!r) expected_dims.push_back(dims[i]);
        if (r && keep_dim) expected_dims.push_back(1);
      }
      EXPECT_EQ(sum.dims(), DDim(expected_dims));
      DenseTensor inferred;
      MetaTensor inferred_meta(&inferred);
      ReduceInferMeta(&x, axes, keep_dim, false, &inferred_meta);
      EXPECT_EQ(inferred.dims(), DDim(expected_dims));
    }
  }
  DenseTensor xf = MakeTensor<float>({2, 2}, {1.5f, 2.5f, 3.0f, 5.0f});
  DenseTensor mean_f;
  MeanKernel<float>(Ctx(), xf, {0}, false, false, &mean_f);
  ExpectNear(ToVector<float>(mean_f), {2.25f, 3.75f}, 1e-6);
}

TEST(ReduceKernels, ZeroDimAndEmptyInputs) {
  DenseTensor scalar = MakeTensor<double>(DDim(), {2.5});
  DenseTensor out;
  SumKernel<double>(Ctx(), scalar, {-1}, false, false, &out);
  EXPECT_EQ(out.dims(), DDim());
  ExpectNear(ToVector<double>(out), {2.5}, 0);

  DenseTensor empty = MakeTensor<double>({0, 3}, {});
  SumKernel<double>(Ctx(), empty, {0}, false, false, &out);
  EXPECT_EQ(out.dims(), DDim({3}));
  ExpectNear(ToVector<double>(out), {0, 0, 0}, 0);
  MeanKernel<double>(Ctx(), empty, {0}, false, false, &out);
  for (double v : ToVector<double>(out)) EXPECT_TRUE(std::isnan(v));
  SumKernel<double>(Ctx(), empty, {1}, false, false, &out);
  EXPECT_EQ(out.dims(), DDim({0}));
}

TEST(ReduceGradKernels, CentralDifference) {
  const std::vector<std::vector<int64_t>> axis_sets = {{1}, {0, 2}, {-1}, {}};
  uint32_t seed = 50;
  for (const auto& axes : axis_sets) {
    for (bool keep_dim : {false, true}) {
      for (bool average : {false, true}) {
        SCOPED_TRACE(::testing::Message() << "axes " << DDim(axes) << " keep_dim " << keep_dim
                                          << " mean " << average);
        std::vector<DenseTensor> inputs = {RandomTensor<double>({2, 3, 4}, seed++)};
        auto forward = [&](const std::vector<DenseTensor>& in) {
          DenseTensor out;
          if (average) {
            MeanKernel<double>(Ctx(), in[0], axes, keep_dim, false, &out);
          } else {
            SumKernel<double>(Ctx(), in[0], axes, keep_dim, false, &out);
          }
          return std::vector<DenseTensor>{out};
        };
        auto backward = [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                            const std::vector<DenseTensor>& dout) {
          DenseTensor dx;
          if (average) {
            MeanGradKernel<double>(Ctx(), in[0], dout[0], axes, keep_dim, false, &dx);
          } else {
            SumGradKernel<double>(Ctx(), in[0], dout[0], axes, keep_dim, false, &dx);
          }
          return std::vector<DenseTensor>{dx};
        };
        CheckGradients(forward, backward, inputs, {0});
      }
    }
  }
}

TEST(SumGradKernel, BroadcastsHandComputed) {
  DenseTensor x = MakeTensor<int64_t>({2, 3}, {0, 0, 0, 0, 0, 0});
  DenseTensor dout = MakeTensor<int64_t>({3}, {1, 2, 3});
  DenseTensor dx;
  SumGradKernel<int64_t>(Ctx(), x, dout, {0}, false, false, &dx);
  EXPECT_EQ(dx.dims(), DDim({2, 3}));
  EXPECT_EQ(ToVector<int64_t>(dx), std::vector<int64_t>({1, 2, 3, 1, 2, 3}));
  DenseTensor wrong = MakeTensor<int64_t>({2}, {1, 2});
  EXPECT_THROW(SumGradKernel<int64_t>(Ctx(), x, wrong, {0}, false, false, &dx),
               common::InvalidArgumentError);
}

TEST(MeanAllKernel, ValueGradAndZeroDimOutput) {
  DenseTensor x = MakeTensor<double>({2, 2}, {1, 2, 3, 6});
  DenseTensor out;
  MeanAllKernel<double>(Ctx(), x, &out);
  EXPECT_EQ(out.dims(), DDim());
  ExpectNear(ToVector<double>(out), {3}, 1e-15);
  DenseTensor inferred;
  MetaTensor inferred_meta(&inferred);
  DenseTensor unknown(DataType::FLOAT32, DDim({-1, 3}));
  MeanAllInferMeta(&unknown, &inferred_meta);
  EXPECT_EQ(inferred.dims(), DDim());
  EXPECT_EQ(inferred.dtype(), DataType::FLOAT32);

  DenseTensor dout = MakeTensor<double>(DDim(), {2.0});
  DenseTensor dx;
  MeanAllGradKernel<double>(Ctx(), x, dout, &dx);
  EXPECT_EQ(dx.dims(), DDim({2, 2}));
  ExpectNear(ToVector<double>(dx), {0.5, 0.5, 0.5, 0.5}, 1e-15);

  std::vector<DenseTensor> inputs = {RandomTensor<double>({3, 2}, 60)};
  auto forward = [](const std::vector<DenseTensor>& in) {
    DenseTensor o;
    MeanAllKernel<double>(Ctx(), in[0], &o);
    return std::vector<DenseTensor>{o};
  };
  auto backward = [](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                     const std::vector<DenseTensor>& g) {
    DenseTensor d;
    MeanAllGradKernel<double>(Ctx(), in[0], g[0], &d);
    return std::vector<DenseTensor>{d};
  };
  CheckGradients(forward, backward, inputs, {0});

  DenseTensor xf = MakeTensor<float>({3}, {1.0f, 2.0f, 4.5f});
  DenseTensor outf;
  MeanAllKernel<float>(Ctx(), xf, &outf);
  ExpectNear(ToVector<float>(outf), {2.5f}, 1e-6);
  DenseTensor bad_dout = MakeTensor<double>({2}, {1, 1});
  EXPECT_THROW(MeanAllGradKernel<double>(Ctx(), x, bad_dout, &dx), common::InvalidArgumentError);
}

TEST(ReduceInferMeta, UnknownExtentsAndAllAxes) {
  DenseTensor x(DataType::FLOAT32, DDim({-1, 4, 5}));
  DenseTensor out;
  MetaTensor out_meta(&out);
  ReduceInferMeta(&x, {1}, false, false, &out_meta);
  EXPECT_EQ(out.dims(), DDim({-1, 5}));
  ReduceInferMeta(&x, {-2}, true, false, &out_meta);
  EXPECT_EQ(out.dims(), DDim({-1, 1, 5}));
  ReduceInferMeta(&x, {0}, false, false, &out_meta);
  EXPECT_EQ(out.dims(), DDim({4, 5}));
  ReduceInferMeta(&x, {}, false, false, &out_meta);
  EXPECT_EQ(out.dims(), DDim());
  ReduceInferMeta(&x, {1}, true, true, &out_meta);
  EXPECT_EQ(out.dims(), DDim({1, 1, 1}));
  EXPECT_EQ(out.dtype(), DataType::FLOAT32);
}

TEST(ReduceInferMeta, BadDimsAreInvalidArgument) {
  DenseTensor x(DataType::FLOAT32, DDim({2, 3, 4}));
  DenseTensor out;
  MetaTensor out_meta(&out);
  try {
    ReduceInferMeta(&x, {3}, false, false, &out_meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("expected reduce dims in [-3, 3) for X [2, 3, 4], but "
                                         "got dims [3]"),
              std::string::npos)
        << e.what();
  }
  try {
    ReduceInferMeta(&x, {1, -2}, false, false, &out_meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("distinct"), std::string::npos) << e.what();
  }
  DenseTensor value = RandomTensor<double>({2, 2}, 3);
  DenseTensor kernel_out;
  EXPECT_THROW(SumKernel<double>(Ctx(), value, {-3}, false, false, &kernel_out),
               common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
