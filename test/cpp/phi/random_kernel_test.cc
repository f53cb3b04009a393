#include "paddle/phi/kernels/random_kernel.h"

#include <cmath>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/random.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

template <typename T>
void ExpectMeanAndStd(const std::vector<T>& values, double mean, double std, double tol) {
  double sum = 0, sum_sq = 0;
  for (T v : values) sum += v;
  const double m = sum / values.size();
  for (T v : values) sum_sq += (v - m) * (v - m);
  EXPECT_NEAR(m, mean, tol);
  EXPECT_NEAR(std::sqrt(sum_sq / values.size()), std, tol);
}

TEST(UniformKernel, ValuesInRangeWithUniformMoments) {
  DenseTensor out;
  UniformKernel<double>(Ctx(), {50, 80}, DataType::FLOAT64, -2.0f, 4.0f, 7, &out);
  EXPECT_EQ(out.dims(), DDim({50, 80}));
  std::vector<double> values = ToVector<double>(out);
  for (double v : values) {
    EXPECT_GE(v, -2.0);
    EXPECT_LT(v, 4.0);
  }
  // U(-2, 4): mean 1, std 6 / sqrt(12).
  ExpectMeanAndStd(values, 1.0, 6.0 / std::sqrt(12.0), 0.1);
}

TEST(UniformKernel, SameSeedSameValues) {
  DenseTensor a, b, c;
  UniformKernel<float>(Ctx(), {64}, DataType::FLOAT32, 0.0f, 1.0f, 42, &a);
  UniformKernel<float>(Ctx(), {64}, DataType::FLOAT32, 0.0f, 1.0f, 42, &b);
  UniformKernel<float>(Ctx(), {64}, DataType::FLOAT32, 0.0f, 1.0f, 43, &c);
  EXPECT_EQ(ToVector<float>(a), ToVector<float>(b));
  EXPECT_NE(ToVector<float>(a), ToVector<float>(c));
}

TEST(UniformKernel, SeedZeroFollowsGlobalGenerator) {
  DenseTensor a, b, c;
  funcs::SetGlobalSeed(2024);
  EXPECT_EQ(funcs::GetGlobalSeed(), 2024u);
  UniformKernel<float>(Ctx(), {32}, DataType::FLOAT32, 0.0f, 1.0f, 0, &a);
  UniformKernel<float>(Ctx(), {32}, DataType::FLOAT32, 0.0f, 1.0f, 0, &b);
  EXPECT_NE(ToVector<float>(a), ToVector<float>(b));  // the generator advanced
  funcs::SetGlobalSeed(2024);
  UniformKernel<float>(Ctx(), {32}, DataType::FLOAT32, 0.0f, 1.0f, 0, &c);
  EXPECT_EQ(ToVector<float>(a), ToVector<float>(c));  // reseeding replays the sequence
  funcs::SetGlobalSeed(0);
}

TEST(UniformKernel, EqualBoundsGiveConstant) {
  DenseTensor out;
  UniformKernel<double>(Ctx(), {3}, DataType::FLOAT64, 1.5f, 1.5f, 1, &out);
  ExpectNear(ToVector<double>(out), {1.5, 1.5, 1.5}, 0);
}

TEST(UniformKernel, MinAboveMaxIsInvalidArgument) {
  DenseTensor out;
  try {
    UniformKernel<float>(Ctx(), {3}, DataType::FLOAT32, 2.0f, 1.0f, 1, &out);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("min <= max"), std::string::npos) << e.what();
  }
}

TEST(GaussianKernel, MomentsMatch) {
  DenseTensor out;
  GaussianKernel<double>(Ctx(), {4001}, 3.0f, 2.0f, 11, DataType::FLOAT64, &out);
  EXPECT_EQ(out.numel(), 4001);
  ExpectMeanAndStd(ToVector<double>(out), 3.0, 2.0, 0.1);
}

TEST(GaussianKernel, SameSeedSameValuesAndRegistered) {
  DenseTensor a, b, c;
  GaussianKernel<float>(Ctx(), {5, 3}, 0.0f, 1.0f, 9, DataType::FLOAT32, &a);
  GaussianKernel<float>(Ctx(), {5, 3}, 0.0f, 1.0f, 9, DataType::FLOAT32, &b);
  EXPECT_EQ(ToVector<float>(a), ToVector<float>(b));

  const Kernel& kernel = KernelRegistry::Instance().Select(
      "gaussian", {Backend::CPU, DataLayout::ANY, DataType::FLOAT32});
  KernelContext ctx(&Ctx());
  ctx.EmplaceBackAttr(std::vector<int64_t>{5, 3});
  ctx.EmplaceBackAttr(0.0f);
  ctx.EmplaceBackAttr(1.0f);
  ctx.EmplaceBackAttr(9);
  ctx.EmplaceBackAttr(DataType::FLOAT32);
  ctx.EmplaceBackOutput(&c);
  kernel(&ctx);
  EXPECT_EQ(ToVector<float>(a), ToVector<float>(c));
}

TEST(GaussianKernel, NegativeStdIsInvalidArgument) {
  DenseTensor out;
  try {
    GaussianKernel<float>(Ctx(), {3}, 0.0f, -1.0f, 1, DataType::FLOAT32, &out);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("std >= 0"), std::string::npos) << e.what();
  }
}

}  // namespace test
}  // namespace phi
