// Tests of add_n (gradient accumulation, output aliasing an input) and sgd (in-place
// update, learning-rate dtypes) with their InferMeta functions and shape errors.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/multiary.h"
#include "paddle/phi/kernels/add_n_kernel.h"
#include "paddle/phi/kernels/sgd_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

TEST(AddNKernel, SumsInputsOfEveryType) {
  DenseTensor a = MakeTensor<double>({2, 2}, {1, 2, 3, 4});
  DenseTensor b = MakeTensor<double>({2, 2}, {10, 20, 30, 40});
  DenseTensor c = MakeTensor<double>({4}, {0.5, 0.5, 0.5, 0.5});  // same numel, other dims
  DenseTensor out;
  out.Resize(a.dims());
  AddNKernel<double>(Ctx(), {&a, &b, &c}, &out);
  EXPECT_EQ(out.dims(), DDim({2, 2}));
  ExpectNear(ToVector<double>(out), {11.5, 22.5, 33.5, 44.5}, 0);

  DenseTensor i1 = MakeTensor<int32_t>({3}, {1, 2, 3}), i2 = MakeTensor<int32_t>({3}, {-1, 5, 7});
  DenseTensor i_out;
  AddNKernel<int32_t>(Ctx(), {&i1, &i2}, &i_out);
  EXPECT_EQ(ToVector<int32_t>(i_out), std::vector<int32_t>({0, 7, 10}));
  DenseTensor l1 = MakeTensor<int64_t>({1}, {int64_t(1) << 40});
  DenseTensor l_out;
  AddNKernel<int64_t>(Ctx(), {&l1}, &l_out);
  EXPECT_EQ(ToVector<int64_t>(l_out), std::vector<int64_t>({int64_t(1) << 40}));
  DenseTensor f1 = MakeTensor<float>({2}, {0.25f, 1}), f2 = MakeTensor<float>({2}, {0.5f, 2});
  DenseTensor f_out;
  AddNKernel<float>(Ctx(), {&f1, &f2, &f1}, &f_out);
  ExpectNear(ToVector<float>(f_out), {1.0f, 4.0f}, 0);
}

TEST(AddNKernel, OutputMayBeAnInput) {
  DenseTensor acc = MakeTensor<double>({3}, {1, 2, 3});
  DenseTensor g = MakeTensor<double>({3}, {4, 5, 6});
  const void* storage = acc.raw_data();
  AddNKernel<double>(Ctx(), {&acc, &g}, &acc);
  EXPECT_EQ(acc.raw_data(), storage);
  ExpectNear(ToVector<double>(acc), {5, 7, 9}, 0);
  DenseTensor view;
  view.ShareDataWith(g);  // a second tensor object over g's storage
  AddNKernel<double>(Ctx(), {&acc, &g}, &view);
  ExpectNear(ToVector<double>(g), {9, 12, 15}, 0);
}

TEST(AddNKernel, CentralDifference) {
  std::vector<DenseTensor> inputs = {RandomTensor<double>({2, 3}, 1),
                                     RandomTensor<double>({2, 3}, 2)};
  auto forward = [](const std::vector<DenseTensor>& in) {
    DenseTensor out;
    AddNKernel<double>(Ctx(), {&in[0], &in[1]}, &out);
    return std::vector<DenseTensor>{out};
  };
  // The gradient of every input of a sum is dout itself.
  auto backward = [](const std::vector<DenseTensor>&, const std::vector<DenseTensor>&,
                     const std::vector<DenseTensor>& dout) {
    return std::vector<DenseTensor>{dout[0], dout[0]};
  };
  CheckGradients(forward, backward, inputs, {0, 1});
}

TEST(AddNInferMeta, DimsUnknownsAndErrors) {
  DenseTensor a(DataType::FLOAT32, DDim({-1, 4})), b(DataType::FLOAT32, DDim({3, 4}));
  DenseTensor out;
  MetaTensor ma(&a), mb(&b), out_meta(&out);
  AddNInferMeta({&ma, &mb}, &out_meta);
  EXPECT_EQ(out.dims(), DDim({3, 4}));
  EXPECT_EQ(out.dtype(), DataType::FLOAT32);
  AddNInferMeta({&ma}, &out_meta);
  EXPECT_EQ(out.dims(), DDim({-1, 4}));

  DenseTensor c(DataType::FLOAT32, DDim({5}));
  MetaTensor mc(&c);
  try {
    AddNInferMeta({&mb, &mc}, &out_meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("same number of elements, but got input 1 [5] and [3, 4]"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(AddNInferMeta({}, &out_meta), common::InvalidArgumentError);
  DenseTensor d(DataType::FLOAT64, DDim({3, 4}));
  MetaTensor md(&d);
  EXPECT_THROW(AddNInferMeta({&mb, &md}, &out_meta), common::InvalidArgumentError);

  DenseTensor x1 = MakeTensor<double>({2}, {1, 2}), x2 = MakeTensor<double>({3}, {1, 2, 3});
  DenseTensor kernel_out;
  EXPECT_THROW(AddNKernel<double>(Ctx(), {&x1, &x2}, &kernel_out), common::InvalidArgumentError);
  EXPECT_THROW(AddNKernel<double>(Ctx(), {}, &kernel_out), common::InvalidArgumentError);
}

TEST(SgdKernel, UpdatesInPlaceAndOutOfPlace) {
  DenseTensor param = MakeTensor<double>({2, 2}, {1, 2, 3, 4});
  DenseTensor grad = MakeTensor<double>({2, 2}, {10, -10, 0.5, 0});
  DenseTensor lr = MakeTensor<float>({1}, {0.1f});
  DenseTensor fresh;
  fresh.Resize(param.dims());
  SgdKernel<double>(Ctx(), param, lr, grad, &fresh);
  ExpectNear(ToVector<double>(fresh), {0, 3, 2.95, 4}, 1e-7);  // lr is a float32 0.1
  ExpectNear(ToVector<double>(param), {1, 2, 3, 4}, 0);

  const void* storage = param.raw_data();
  DenseTensor lr64 = MakeTensor<double>({1}, {0.5});
  SgdKernel<double>(Ctx(), param, lr64, grad, &param);
  EXPECT_EQ(param.raw_data(), storage);
  ExpectNear(ToVector<double>(param), {-4, 7, 2.75, 4}, 1e-15);

  DenseTensor pf = MakeTensor<float>({3}, {1, 1, 1}), gf = MakeTensor<float>({3}, {1, 2, 4});
  DenseTensor lrf = MakeTensor<float>(DDim(), {0.25f});
  SgdKernel<float>(Ctx(), pf, lrf, gf, &pf);
  ExpectNear(ToVector<float>(pf), {0.75f, 0.5f, 0.0f}, 0);
}

TEST(SgdKernel, BadInputsAreInvalidArgument) {
  DenseTensor param = MakeTensor<double>({2}, {1, 2});
  DenseTensor grad = MakeTensor<double>({3}, {1, 2, 3});
  DenseTensor lr = MakeTensor<double>({1}, {0.1});
  DenseTensor out;
  EXPECT_THROW(SgdKernel<double>(Ctx(), param, lr, grad, &out), common::InvalidArgumentError);
  DenseTensor lr2 = MakeTensor<double>({2}, {0.1, 0.2});
  EXPECT_THROW(SgdKernel<double>(Ctx(), param, lr2, param, &out), common::InvalidArgumentError);
  DenseTensor lr_int = MakeTensor<int32_t>({1}, {1});
  try {
    SgdKernel<double>(Ctx(), param, lr_int, param, &out);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("float32 or float64, but got"), std::string::npos)
        << e.what();
  }
}

TEST(SgdInferMeta, ChecksGradAndLearningRate) {
  DenseTensor param(DataType::FLOAT32, DDim({-1, 4})), grad(DataType::FLOAT32, DDim({3, 4}));
  DenseTensor lr(DataType::FLOAT32, DDim({1})), out;
  MetaTensor out_meta(&out);
  SgdInferMeta(&param, &lr, &grad, &out_meta);
  EXPECT_EQ(out.dims(), DDim({-1, 4}));
  EXPECT_EQ(out.dtype(), DataType::FLOAT32);

  DenseTensor bad_grad(DataType::FLOAT32, DDim({3, 5}));
  try {
    SgdInferMeta(&param, &lr, &bad_grad, &out_meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("but got Param [-1, 4] and Grad [3, 5]"),
              std::string::npos)
        << e.what();
  }
  DenseTensor bad_lr(DataType::FLOAT32, DDim({2}));
  EXPECT_THROW(SgdInferMeta(&param, &bad_lr, &grad, &out_meta), common::InvalidArgumentError);
  DenseTensor unknown_lr(DataType::FLOAT32, DDim({-1}));
  SgdInferMeta(&param, &unknown_lr, &grad, &out_meta);
}

}  // namespace test
}  // namespace phi
