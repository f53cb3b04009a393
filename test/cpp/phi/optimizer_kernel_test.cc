// Tests of the momentum, adam and adamw kernels: in-place updates (outputs that are their
// inputs) agree with out-of-place ones, a float32 learning rate drives float64 parameters,
// beta powers advance, and missing or mis-shaped state raises InvalidArgument.
#include "paddle/phi/infermeta/optimizer.h"

#include <cmath>
#include <cstring>

#include "paddle/phi/kernels/adam_kernel.h"
#include "paddle/phi/kernels/adamw_kernel.h"
#include "paddle/phi/kernels/momentum_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

DenseTensor Copy(const DenseTensor& t) {
  DenseTensor copy(t.dtype(), t.dims());
  Ctx().Alloc(&copy, t.dtype());
  std::memcpy(copy.raw_data(), t.raw_data(), t.nbytes());
  return copy;
}

}  // namespace

TEST(MomentumKernel, InPlaceMatchesOutOfPlace) {
  DenseTensor param = RandomTensor<double>({2, 3}, 1), grad = RandomTensor<double>({2, 3}, 2);
  DenseTensor velocity = RandomTensor<double>({2, 3}, 3);
  DenseTensor lr = MakeTensor<float>({1}, {0.5f});
  DenseTensor p_out(DataType::FLOAT64, param.dims()), v_out(DataType::FLOAT64, param.dims());
  MomentumKernel<double>(Ctx(), param, grad, velocity, lr, nullptr, 0.9f, true, "l2_decay", 0.1f,
                         false, 2.0f, &p_out, &v_out, nullptr);
  const double p0 = param.data<double>()[0], g0 = grad.data<double>()[0];
  const double v0 = velocity.data<double>()[0];
  const double mu = 0.9f, coeff = 0.1f;
  const double step = g0 * 2.0 + coeff * p0, v1 = mu * v0 + step;
  EXPECT_NEAR(v_out.data<double>()[0], v1, 1e-15);
  EXPECT_NEAR(p_out.data<double>()[0], p0 - (step + mu * v1) * 0.5, 1e-15);
  const void* storage = param.raw_data();
  MomentumKernel<double>(Ctx(), param, grad, velocity, lr, nullptr, 0.9f, true, "l2_decay", 0.1f,
                         false, 2.0f, &param, &velocity, nullptr);
  EXPECT_EQ(param.raw_data(), storage);
  ExpectNear(ToVector<double>(param), ToVector<double>(p_out), 0);
  ExpectNear(ToVector<double>(velocity), ToVector<double>(v_out), 0);
}

TEST(MomentumKernel, Errors) {
  DenseTensor param = RandomTensor<double>({3}, 1), grad = RandomTensor<double>({4}, 2);
  DenseTensor lr = MakeTensor<double>({1}, {0.1});
  DenseTensor out;
  EXPECT_THROW(MomentumKernel<double>(Ctx(), param, grad, param, lr, nullptr, 0.9f, false, "", 0,
                                      false, 1, &out, &out, nullptr),
               common::InvalidArgumentError);
  EXPECT_THROW(MomentumKernel<double>(Ctx(), param, param, param, lr, nullptr, 0.9f, false, "", 0,
                                      true, 1, &out, &out, nullptr),
               common::InvalidArgumentError);  // multi_precision without MasterParam
  DenseTensor int_lr = MakeTensor<int32_t>({1}, {1});
  EXPECT_THROW(MomentumKernel<double>(Ctx(), param, param, param, int_lr, nullptr, 0.9f, false, "",
                                      0, false, 1, &out, &out, nullptr),
               common::InvalidArgumentError);
  DenseTensor p_out, v_out;
  MetaTensor mp(&p_out), mv(&v_out);
  EXPECT_THROW(MomentumInferMeta(&param, &grad, &param, &lr, MetaTensor(), &mp, &mv, nullptr),
               common::InvalidArgumentError);
}

TEST(AdamKernel, InPlaceStepAdvancesBetaPowers) {
  DenseTensor param = RandomTensor<double>({4}, 5), grad = RandomTensor<double>({4}, 6);
  DenseTensor m1 = RandomTensor<double>({4}, 7), m2 = RandomTensor<double>({4}, 8, 0.1, 1.0);
  DenseTensor b1p = MakeTensor<float>({1}, {0.81f}), b2p = MakeTensor<float>({1}, {0.998f});
  DenseTensor lr = MakeTensor<float>({1}, {0.01f});
  const DenseTensor p0 = Copy(param), g0 = Copy(grad), m10 = Copy(m1), m20 = Copy(m2);
  AdamKernel<double>(Ctx(), param, grad, lr, m1, m2, b1p, b2p, nullptr, nullptr, 0.9f, 0.999f,
                     1e-8f, false, 1000, false, false, &param, &m1, &m2, &b1p, &b2p, nullptr);
  const double beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f;
  const double bp1 = 0.81f, bp2 = 0.998f;
  const double lr_t = double(0.01f) * std::sqrt(1 - bp2) / (1 - bp1);
  for (int i = 0; i < 4; ++i) {
    const double g = g0.data<double>()[i];
    const double first = beta1 * m10.data<double>()[i] + (1 - beta1) * g;
    const double second = beta2 * m20.data<double>()[i] + (1 - beta2) * g * g;
    const double p = p0.data<double>()[i] -
                     lr_t * first / (std::sqrt(second) + eps * std::sqrt(1 - bp2));
    EXPECT_NEAR(param.data<double>()[i], p, 1e-14);
    EXPECT_NEAR(m1.data<double>()[i], first, 1e-15);
    EXPECT_NEAR(m2.data<double>()[i], second, 1e-15);
  }
  EXPECT_EQ(b1p.dtype(), DataType::FLOAT32);
  EXPECT_FLOAT_EQ(b1p.data<float>()[0], static_cast<float>(bp1 * beta1));
  EXPECT_FLOAT_EQ(b2p.data<float>()[0], static_cast<float>(bp2 * beta2));
}

TEST(AdamwKernel, DecayThenAdamAndSkipUpdate) {
  DenseTensor param = MakeTensor<double>({2}, {1.0, -2.0});
  DenseTensor grad = MakeTensor<double>({2}, {0.0, 0.0});  // zero grad: only the decay moves p
  DenseTensor m1 = MakeTensor<double>({2}, {0, 0}), m2 = MakeTensor<double>({2}, {0, 0});
  DenseTensor b1p = MakeTensor<double>({1}, {0.9}), b2p = MakeTensor<double>({1}, {0.999});
  DenseTensor lr = MakeTensor<double>({1}, {0.1});
  AdamwKernel<double>(Ctx(), param, grad, lr, m1, m2, b1p, b2p, nullptr, nullptr, 0.9f, 0.999f,
                      1e-8f, 0.5f, 0.2f, true, false, 1000, false, false, &param, &m1, &m2, &b1p,
                      &b2p, nullptr);
  const double keep = 1 - 0.1 * 0.5 * double(0.2f);
  ExpectNear(ToVector<double>(param), {keep, -2.0 * keep}, 1e-15);
  DenseTensor skip = MakeTensor<bool>({1}, {true});
  DenseTensor before = Copy(param), b1_before = Copy(b1p);
  grad = MakeTensor<double>({2}, {5.0, 5.0});
  AdamwKernel<double>(Ctx(), param, grad, lr, m1, m2, b1p, b2p, nullptr, &skip, 0.9f, 0.999f, 1e-8f,
                      0.5f, 0.2f, true, false, 1000, false, false, &param, &m1, &m2, &b1p, &b2p,
                      nullptr);
  ExpectNear(ToVector<double>(param), ToVector<double>(before), 0);
  ExpectNear(ToVector<double>(b1p), ToVector<double>(b1_before), 0);
}

TEST(AdamInferMeta, ChecksStateShapes) {
  DenseTensor param(DataType::FLOAT32, DDim({-1, 4})), grad(DataType::FLOAT32, DDim({3, 4}));
  DenseTensor moment(DataType::FLOAT32, DDim({3, 4})), scalar(DataType::FLOAT32, DDim({1}));
  DenseTensor p_out, m1_out, m2_out, b1_out, b2_out;
  MetaTensor a(&p_out), b(&m1_out), c(&m2_out), d(&b1_out), e(&b2_out);
  AdamInferMeta(&param, &grad, &scalar, &moment, &moment, &scalar, &scalar, MetaTensor(),
                MetaTensor(), &a, &b, &c, &d, &e, nullptr);
  EXPECT_EQ(p_out.dims(), DDim({-1, 4}));
  EXPECT_EQ(b1_out.dims(), DDim({1}));
  DenseTensor wide(DataType::FLOAT32, DDim({3, 5}));
  EXPECT_THROW(AdamInferMeta(&param, &grad, &scalar, &wide, &moment, &scalar, &scalar,
                             MetaTensor(), MetaTensor(), &a, &b, &c, &d, &e, nullptr),
               common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
