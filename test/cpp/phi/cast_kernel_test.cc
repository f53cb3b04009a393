#include "paddle/phi/kernels/cast_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/unary.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

template <typename T>
DenseTensor Cast(const DenseTensor& x, DataType out_dtype) {
  DenseTensor out;
  MetaTensor meta(&out);
  CastInferMeta(&x, out_dtype, &meta);
  CastKernel<T>(Ctx(), x, out_dtype, &out);
  return out;
}

TEST(CastKernel, FloatToIntTruncatesTowardZero) {
  DenseTensor x = MakeTensor<float>({2, 3}, {1.7f, -1.7f, 0.0f, 2.5f, -0.4f, 100.0f});
  DenseTensor out = Cast<float>(x, DataType::INT32);
  EXPECT_EQ(out.dtype(), DataType::INT32);
  EXPECT_EQ(out.dims(), DDim({2, 3}));
  EXPECT_EQ(ToVector<int32_t>(out), (std::vector<int32_t>{1, -1, 0, 2, 0, 100}));
}

TEST(CastKernel, IntAndBoolConversions) {
  DenseTensor ints = MakeTensor<int32_t>({4}, {0, 3, -2, 1});
  ExpectNear(ToVector<double>(Cast<int32_t>(ints, DataType::FLOAT64)), {0, 3, -2, 1}, 0);
  EXPECT_EQ(ToVector<bool>(Cast<int32_t>(ints, DataType::BOOL)),
            (std::vector<bool>{false, true, true, true}));
  EXPECT_EQ(ToVector<int64_t>(Cast<int32_t>(ints, DataType::INT64)),
            (std::vector<int64_t>{0, 3, -2, 1}));

  DenseTensor floats = MakeTensor<double>({3}, {0.0, 0.5, -1e-30});
  EXPECT_EQ(ToVector<bool>(Cast<double>(floats, DataType::BOOL)),
            (std::vector<bool>{false, true, true}));

  DenseTensor flags = MakeTensor<bool>({2}, {true, false});
  ExpectNear(ToVector<float>(Cast<bool>(flags, DataType::FLOAT32)), {1.0f, 0.0f}, 0);
  EXPECT_EQ(ToVector<int64_t>(Cast<bool>(flags, DataType::INT64)), (std::vector<int64_t>{1, 0}));

  DenseTensor big = MakeTensor<int64_t>({2}, {(1LL << 33) + 5, -7});
  EXPECT_EQ(ToVector<double>(Cast<int64_t>(big, DataType::FLOAT64)),
            (std::vector<double>{8589934597.0, -7.0}));
}

TEST(CastKernel, Float16RoundTrips) {
  // Exactly representable in float16: the round trip is exact.
  std::vector<float> exact = {1.0f, -2.25f, 0.5f, 65504.0f, 0.0f, -0.000061035156f};
  DenseTensor x = MakeTensor<float>({6}, exact);
  DenseTensor half = Cast<float>(x, DataType::FLOAT16);
  EXPECT_EQ(half.dtype(), DataType::FLOAT16);
  ExpectNear(ToVector<float>(Cast<float16>(half, DataType::FLOAT32)), exact, 0);

  // Rounded to nearest (even): 0.1 -> 0.0999755859375; 2049 -> 2048; 1e6 overflows to inf.
  DenseTensor y = MakeTensor<double>({2}, {0.1, 2049.0});
  ExpectNear(ToVector<double>(Cast<float16>(Cast<double>(y, DataType::FLOAT16), DataType::FLOAT64)),
             {0.0999755859375, 2048.0}, 0);
  DenseTensor z = MakeTensor<int64_t>({2}, {2051, -3});
  EXPECT_EQ(ToVector<int64_t>(Cast<float16>(Cast<int64_t>(z, DataType::FLOAT16), DataType::INT64)),
            (std::vector<int64_t>{2052, -3}));
  DenseTensor huge = MakeTensor<float>({1}, {1e6f});
  EXPECT_TRUE(std::isinf(
      ToVector<float>(Cast<float16>(Cast<float>(huge, DataType::FLOAT16), DataType::FLOAT32))[0]));
}

TEST(CastKernel, BFloat16RoundTrips) {
  std::vector<float> exact = {1.0f, -3.5f, 256.0f, 0.0f};
  DenseTensor x = MakeTensor<float>({4}, exact);
  DenseTensor b = Cast<float>(x, DataType::BFLOAT16);
  EXPECT_EQ(b.dtype(), DataType::BFLOAT16);
  ExpectNear(ToVector<float>(Cast<bfloat16>(b, DataType::FLOAT32)), exact, 0);
  // 0.1f = 0x3DCCCCCD rounds to 0x3DCD = 0.10009765625.
  DenseTensor y = MakeTensor<float>({1}, {0.1f});
  ExpectNear(
      ToVector<double>(Cast<bfloat16>(Cast<float>(y, DataType::BFLOAT16), DataType::FLOAT64)),
      {0.10009765625}, 0);
  // Between the two 16-bit types, through float.
  DenseTensor h = Cast<bfloat16>(b, DataType::FLOAT16);
  ExpectNear(ToVector<float>(Cast<float16>(h, DataType::FLOAT32)), exact, 0);
}

TEST(CastKernel, InPlaceToAnotherDtype) {
  DenseTensor x = MakeTensor<double>({3}, {1.5, -2.5, 3.0});
  CastKernel<double>(Ctx(), x, DataType::FLOAT32, &x);
  EXPECT_EQ(x.dtype(), DataType::FLOAT32);
  ExpectNear(ToVector<float>(x), {1.5f, -2.5f, 3.0f}, 0);
}

TEST(CastKernel, RegisteredForEveryInputType) {
  for (DataType dtype : {DataType::FLOAT32, DataType::FLOAT64, DataType::INT32, DataType::INT64,
                         DataType::BOOL, DataType::FLOAT16, DataType::BFLOAT16}) {
    EXPECT_NE(KernelRegistry::Instance().Find("cast", {Backend::CPU, DataLayout::ANY, dtype}),
              nullptr)
        << dtype;
  }
  const Kernel& kernel =
      KernelRegistry::Instance().Select("cast", {Backend::CPU, DataLayout::ANY, DataType::INT32});
  DenseTensor x = MakeTensor<int32_t>({2}, {4, -1});
  DenseTensor out(DataType::FLOAT64, x.dims());
  KernelContext ctx(&Ctx());
  ctx.EmplaceBackInput(&x);
  ctx.EmplaceBackAttr(DataType::FLOAT64);
  ctx.EmplaceBackOutput(&out);
  kernel(&ctx);
  ExpectNear(ToVector<double>(out), {4.0, -1.0}, 0);
}

TEST(CastInferMeta, KeepsDimsAndRejectsUndefinedDtype) {
  DenseTensor x(DataType::FLOAT32, {-1, 3});
  DenseTensor out;
  MetaTensor meta(&out);
  CastInferMeta(&x, DataType::INT64, &meta);
  EXPECT_EQ(out.dims(), DDim({-1, 3}));
  EXPECT_EQ(out.dtype(), DataType::INT64);
  try {
    CastInferMeta(&x, DataType::UNDEFINED, &meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("target data type"), std::string::npos) << e.what();
  }
}

TEST(CastKernel, ElementCountMismatchIsInvalidArgument) {
  DenseTensor x = MakeTensor<float>({4}, {1, 2, 3, 4});
  DenseTensor out(DataType::INT32, {5});
  EXPECT_THROW(CastKernel<float>(Ctx(), x, DataType::INT32, &out), common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
