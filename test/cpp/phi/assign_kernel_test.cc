#include "paddle/phi/kernels/assign_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/unary.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

template <typename T>
DenseTensor Assign(const DenseTensor& x) {
  DenseTensor out;
  MetaTensor meta(&out);
  UnchangedInferMeta(&x, &meta);
  AssignKernel<T>(Ctx(), x, &out);
  return out;
}

TEST(AssignKernel, CopiesIntoOwnStorage) {
  DenseTensor x = MakeTensor<float>({2, 2}, {1, -2, 3.5f, 0});
  DenseTensor out = Assign<float>(x);
  EXPECT_EQ(out.dims(), x.dims());
  EXPECT_NE(out.raw_data(), x.raw_data());
  ExpectNear(ToVector<float>(out), {1, -2, 3.5f, 0}, 0);
  x.data<float>()[0] = 9;  // the copy does not follow later writes to X
  EXPECT_EQ(ToVector<float>(out)[0], 1.0f);
}

TEST(AssignKernel, AllRegisteredTypes) {
  EXPECT_EQ(ToVector<double>(Assign<double>(MakeTensor<double>({2}, {0.1, -7}))),
            (std::vector<double>{0.1, -7}));
  EXPECT_EQ(ToVector<int32_t>(Assign<int32_t>(MakeTensor<int32_t>({3}, {1, 2, -3}))),
            (std::vector<int32_t>{1, 2, -3}));
  EXPECT_EQ(ToVector<int64_t>(Assign<int64_t>(MakeTensor<int64_t>({1}, {1LL << 40}))),
            (std::vector<int64_t>{1LL << 40}));
  EXPECT_EQ(ToVector<bool>(Assign<bool>(MakeTensor<bool>({2}, {true, false}))),
            (std::vector<bool>{true, false}));
  for (DataType dtype :
       {DataType::FLOAT32, DataType::FLOAT64, DataType::INT32, DataType::INT64, DataType::BOOL}) {
    EXPECT_NE(KernelRegistry::Instance().Find("assign", {Backend::CPU, DataLayout::ANY, dtype}),
              nullptr)
        << dtype;
  }
}

TEST(AssignKernel, ElementCountMismatchIsInvalidArgument) {
  DenseTensor x = MakeTensor<float>({2, 2}, {1, 2, 3, 4});
  DenseTensor out(DataType::FLOAT32, {3});
  try {
    AssignKernel<float>(Ctx(), x, &out);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("4 elements"), std::string::npos) << e.what();
  }
}

}  // namespace test
}  // namespace phi
