// Tests of the adamax and adadelta kernels: one in-place step against the update formulas
// written out here, adadelta's learning rate defaulting to 1 when absent, and mis-shaped state
// raising InvalidArgument (kernels and InferMeta).
#include <algorithm>
#include <cmath>
#include <vector>

#include "paddle/phi/infermeta/optimizer_extra.h"
#include "paddle/phi/kernels/adadelta_kernel.h"
#include "paddle/phi/kernels/adamax_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

TEST(AdamaxKernel, InPlaceStepMatchesFormula) {
  DenseTensor param = RandomTensor<double>({5}, 11), grad = RandomTensor<double>({5}, 12);
  DenseTensor moment = RandomTensor<double>({5}, 13);
  DenseTensor inf_norm = RandomTensor<double>({5}, 14, 0, 1);
  DenseTensor lr = MakeTensor<float>({1}, {0.01f}), b1_pow = MakeTensor<double>({1}, {0.81});
  const std::vector<double> p = ToVector<double>(param), g = ToVector<double>(grad);
  const std::vector<double> m = ToVector<double>(moment), u = ToVector<double>(inf_norm);
  const void* storage = param.raw_data();
  AdamaxKernel<double>(Ctx(), param, grad, lr, moment, inf_norm, b1_pow, 0.9f, 0.999f, 1e-8f,
                       &param, &moment, &inf_norm);
  EXPECT_EQ(param.raw_data(), storage);
  const double b1 = 0.9f, b2 = 0.999f, eps = 1e-8f, lr_t = double(0.01f) / (1 - 0.81);
  for (int i = 0; i < 5; ++i) {
    const double m1 = b1 * m[i] + (1 - b1) * g[i];
    const double u1 = std::max(b2 * u[i] + eps, std::fabs(g[i]));
    EXPECT_NEAR(moment.data<double>()[i], m1, 1e-15);
    EXPECT_NEAR(inf_norm.data<double>()[i], u1, 1e-15);
    EXPECT_NEAR(param.data<double>()[i], p[i] - lr_t * m1 / u1, 1e-13);
  }
  EXPECT_EQ(b1_pow.data<double>()[0], 0.81);  // read, not advanced
}

TEST(AdadeltaKernel, StepMatchesFormulaWithAndWithoutLearningRate) {
  DenseTensor param = RandomTensor<double>({4}, 21), grad = RandomTensor<double>({4}, 22);
  DenseTensor sq_grad = RandomTensor<double>({4}, 23, 0, 1);
  DenseTensor sq_update = RandomTensor<double>({4}, 24, 0, 1);
  DenseTensor lr = MakeTensor<double>({1}, {0.5});
  const std::vector<double> p = ToVector<double>(param), g = ToVector<double>(grad);
  const std::vector<double> s = ToVector<double>(sq_grad), x = ToVector<double>(sq_update);
  const double rho = 0.95f, eps = 1e-6f;
  for (const DenseTensor* rate :
       {static_cast<const DenseTensor*>(&lr), static_cast<const DenseTensor*>(nullptr)}) {
    DenseTensor p_out, s_out, x_out;
    AdadeltaKernel<double>(Ctx(), param, grad, sq_grad, sq_update, rate, 0.95f, 1e-6f, &p_out,
                           &s_out, &x_out);
    const double scale = rate != nullptr ? 0.5 : 1.0;
    for (int i = 0; i < 4; ++i) {
      const double s1 = rho * s[i] + (1 - rho) * g[i] * g[i];
      const double d = -std::sqrt((x[i] + eps) / (s1 + eps)) * g[i];
      EXPECT_NEAR(s_out.data<double>()[i], s1, 1e-15);
      EXPECT_NEAR(x_out.data<double>()[i], rho * x[i] + (1 - rho) * d * d, 1e-15);
      EXPECT_NEAR(p_out.data<double>()[i], p[i] + scale * d, 1e-14);
    }
  }
}

TEST(AdamaxAdadelta, MisShapedStateIsRejected) {
  DenseTensor param = RandomTensor<double>({3}, 1), bad = RandomTensor<double>({4}, 2);
  DenseTensor lr = MakeTensor<double>({1}, {0.1}), out1, out2, out3;
  EXPECT_THROW(AdamaxKernel<double>(Ctx(), param, param, lr, param, bad, lr, 0.9f, 0.999f, 1e-8f,
                                    &out1, &out2, &out3),
               common::InvalidArgumentError);
  EXPECT_THROW(AdadeltaKernel<double>(Ctx(), param, bad, param, param, &lr, 0.95f, 1e-6f, &out1,
                                      &out2, &out3),
               common::InvalidArgumentError);
  MetaTensor m1(&out1), m2(&out2), m3(&out3);
  EXPECT_THROW(AdamaxInferMeta(&param, &param, &bad, &param, &param, &lr, &m1, &m2, &m3),
               common::InvalidArgumentError);  // a learning rate of 4 elements
  EXPECT_THROW(AdadeltaInferMeta(&param, &param, &bad, &param, MetaTensor(), &m1, &m2, &m3),
               common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
