#include "paddle/phi/kernels/full_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/nullary.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

TEST(FullKernel, FillsEveryDtype) {
  DenseTensor out;
  FullKernel<float>(Ctx(), {2, 3}, 1.5, "", DataType::FLOAT32, &out);
  EXPECT_EQ(out.dims(), DDim({2, 3}));
  EXPECT_EQ(out.dtype(), DataType::FLOAT32);
  ExpectNear(ToVector<float>(out), std::vector<float>(6, 1.5f), 0);

  FullKernel<double>(Ctx(), {4}, -0.25, "", DataType::FLOAT64, &out);
  ExpectNear(ToVector<double>(out), {-0.25, -0.25, -0.25, -0.25}, 0);

  FullKernel<int32_t>(Ctx(), {3}, 7.9, "", DataType::INT32, &out);  // truncates like a C cast
  EXPECT_EQ(ToVector<int32_t>(out), (std::vector<int32_t>{7, 7, 7}));

  FullKernel<int64_t>(Ctx(), {2}, -3e12, "", DataType::INT64, &out);
  EXPECT_EQ(ToVector<int64_t>(out), (std::vector<int64_t>{-3000000000000LL, -3000000000000LL}));

  FullKernel<bool>(Ctx(), {2}, 2.0, "", DataType::BOOL, &out);
  EXPECT_EQ(ToVector<bool>(out), (std::vector<bool>{true, true}));
  FullKernel<bool>(Ctx(), {1}, 0.0, "", DataType::BOOL, &out);
  EXPECT_EQ(ToVector<bool>(out), (std::vector<bool>{false}));
}

TEST(FullKernel, ScalarAndEmptyShapes) {
  DenseTensor out;
  FullKernel<float>(Ctx(), {}, 3.0, "", DataType::FLOAT32, &out);
  EXPECT_EQ(out.dims().size(), 0);
  ExpectNear(ToVector<float>(out), {3.0f}, 0);
  FullKernel<float>(Ctx(), {0, 4}, 3.0, "", DataType::FLOAT32, &out);
  EXPECT_EQ(out.numel(), 0);
}

TEST(FullKernel, RegisteredAndCallableThroughContext) {
  const Kernel& kernel =
      KernelRegistry::Instance().Select("full", {Backend::CPU, DataLayout::ANY, DataType::INT64});
  DenseTensor out;
  KernelContext ctx(&Ctx());
  ctx.EmplaceBackAttr(std::vector<int64_t>{2, 2});
  ctx.EmplaceBackAttr(5.0);
  ctx.EmplaceBackAttr(std::string());
  ctx.EmplaceBackAttr(DataType::INT64);
  ctx.EmplaceBackOutput(&out);
  kernel(&ctx);
  EXPECT_EQ(ToVector<int64_t>(out), (std::vector<int64_t>{5, 5, 5, 5}));
}

TEST(FullKernel, StrValueIsExact) {
  // fill_constant's str_value wins over the float attribute and keeps what float loses.
  DenseTensor out;
  FullKernel<int64_t>(Ctx(), {2}, 0.0, "1099511627777", DataType::INT64, &out);
  EXPECT_EQ(ToVector<int64_t>(out), (std::vector<int64_t>{1099511627777LL, 1099511627777LL}));
  FullKernel<int64_t>(Ctx(), {1}, 0.0, "-9223372036854775807", DataType::INT64, &out);
  EXPECT_EQ(ToVector<int64_t>(out), (std::vector<int64_t>{-9223372036854775807LL}));
  FullKernel<double>(Ctx(), {1}, 0.0, "0.1", DataType::FLOAT64, &out);
  EXPECT_EQ(ToVector<double>(out), (std::vector<double>{0.1}));
  FullKernel<int32_t>(Ctx(), {1}, 0.0, "7.9", DataType::INT32, &out);  // a decimal truncates
  EXPECT_EQ(ToVector<int32_t>(out), (std::vector<int32_t>{7}));
  FullKernel<bool>(Ctx(), {1}, 1.0, "False", DataType::BOOL, &out);
  EXPECT_EQ(ToVector<bool>(out), (std::vector<bool>{false}));
  FullKernel<int8_t>(Ctx(), {1}, 0.0, "-128", DataType::INT8, &out);
  EXPECT_EQ(ToVector<int8_t>(out), (std::vector<int8_t>{-128}));
  for (const char* bad : {"abc", "1x", "128"}) {
    try {
      FullKernel<int8_t>(Ctx(), {1}, 0.0, bad, DataType::INT8, &out);
      FAIL() << "expected InvalidArgumentError for " << bad;
    } catch (const common::InvalidArgumentError& e) {
      EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
    }
  }
}

TEST(FullKernel, ValueOutOfIntegerRangeIsInvalidArgument) {
  DenseTensor out;
  try {
    FullKernel<int32_t>(Ctx(), {2}, 3e10, "", DataType::INT32, &out);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("within the range of int32"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(FullKernel<int64_t>(Ctx(), {2}, std::nan(""), "", DataType::INT64, &out),
               common::InvalidArgumentError);
}

TEST(CreateInferMeta, SetsDimsAndDtype) {
  DenseTensor out;
  MetaTensor meta(&out);
  CreateInferMeta({3, 1, 2}, DataType::FLOAT64, &meta);
  EXPECT_EQ(out.dims(), DDim({3, 1, 2}));
  EXPECT_EQ(out.dtype(), DataType::FLOAT64);
}

TEST(CreateInferMeta, NegativeExtentIsInvalidArgument) {
  DenseTensor out;
  MetaTensor meta(&out);
  try {
    CreateInferMeta({2, -1}, DataType::FLOAT32, &meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[2, -1]"), std::string::npos) << e.what();
  }
  EXPECT_THROW(CreateInferMeta({2}, DataType::UNDEFINED, &meta), common::InvalidArgumentError);
}

TEST(FullKernel, NegativeShapeIsInvalidArgument) {
  DenseTensor out;
  EXPECT_THROW(FullKernel<float>(Ctx(), {-3}, 1.0, "", DataType::FLOAT32, &out),
               common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
