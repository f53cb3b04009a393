#include "paddle/phi/kernels/activation_kernel.h"

#include <cmath>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/unary.h"
#include "paddle/phi/kernels/activation_grad_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

using UnaryKernel = void (*)(const CPUContext&, const DenseTensor&, DenseTensor*);
using GradFromOutKernel = void (*)(const CPUContext&, const DenseTensor&, const DenseTensor&,
                                   DenseTensor*);

DenseTensor RunUnary(UnaryKernel kernel, const DenseTensor& x) {
  DenseTensor out;
  MetaTensor meta(&out);
  UnchangedInferMeta(&x, &meta);
  kernel(Ctx(), x, &out);
  return out;
}

TEST(ActivationKernel, ReluHandComputed) {
  DenseTensor x = MakeTensor<float>({2, 3}, {-2, -0.5f, 0, 0.5f, 3, -1e-30f});
  ExpectNear(ToVector<float>(RunUnary(ReluKernel<float, CPUContext>, x)), {0, 0, 0, 0.5f, 3, 0}, 0);
  DenseTensor nan = MakeTensor<double>({1}, {std::nan("")});
  EXPECT_TRUE(std::isnan(ToVector<double>(RunUnary(ReluKernel<double, CPUContext>, nan))[0]));
}

TEST(ActivationKernel, SigmoidReferenceValues) {
  // References from 1 / (1 + exp(-x)) evaluated in extended precision.
  DenseTensor x = MakeTensor<double>({5}, {0, 2, -2, 10, -50});
  ExpectNear(
      ToVector<double>(RunUnary(SigmoidKernel<double, CPUContext>, x)),
      {0.5, 0.8807970779778823, 0.11920292202211755, 0.9999546021312976, 1.9287498479639178e-22},
      1e-16);
  const double tiny = ToVector<double>(RunUnary(SigmoidKernel<double, CPUContext>, x))[4];
  EXPECT_NEAR(tiny / 1.9287498479639178e-22, 1.0, 1e-12);  // relative: no cancellation
}

TEST(ActivationKernel, SigmoidStableForLargeMagnitudes) {
  DenseTensor xf = MakeTensor<float>({4}, {-1000, 1000, -100, 100});
  std::vector<float> out = ToVector<float>(RunUnary(SigmoidKernel<float, CPUContext>, xf));
  EXPECT_EQ(out[0], 0.0f);
  EXPECT_EQ(out[1], 1.0f);
  EXPECT_NEAR(out[2] / 3.720075976020836e-44, 1.0, 0.05);  // subnormal in float
  EXPECT_EQ(out[3], 1.0f);
  DenseTensor xd = MakeTensor<double>({2}, {-800, 800});
  std::vector<double> outd = ToVector<double>(RunUnary(SigmoidKernel<double, CPUContext>, xd));
  EXPECT_EQ(outd[0], 0.0);
  EXPECT_EQ(outd[1], 1.0);
  for (float v : out) EXPECT_FALSE(std::isnan(v));
}

TEST(ActivationKernel, TanhReferenceValues) {
  DenseTensor x = MakeTensor<double>({5}, {0, 0.5, -2, 20, -400});
  ExpectNear(ToVector<double>(RunUnary(TanhKernel<double, CPUContext>, x)),
             {0, 0.46211715726000974, -0.9640275800758169, 1, -1}, 1e-16);
  DenseTensor xf = MakeTensor<float>({2}, {0.5f, -2});
  ExpectNear(ToVector<float>(RunUnary(TanhKernel<float, CPUContext>, xf)),
             {0.46211715726000974f, -0.9640275800758169f}, 1e-7);
}

TEST(ActivationKernel, InPlace) {
  DenseTensor x = MakeTensor<double>({3}, {-1, 0, 2});
  ReluKernel<double>(Ctx(), x, &x);
  ExpectNear(ToVector<double>(x), {0, 0, 2}, 0);
}

void CheckActivationGrad(UnaryKernel forward, GradFromOutKernel backward,
                         const std::vector<double>& values) {
  std::vector<DenseTensor> inputs = {MakeTensor<double>({2, 3}, values)};
  CheckGradients(
      [&](const std::vector<DenseTensor>& in) {
        return std::vector<DenseTensor>{RunUnary(forward, in[0])};
      },
      [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>& outs,
          const std::vector<DenseTensor>& out_grads) {
        std::vector<DenseTensor> grads(1);
        MetaTensor dx(&grads[0]);
        UnchangedGradInferMeta(&in[0], &dx);
        backward(Ctx(), outs[0], out_grads[0], &grads[0]);
        return grads;
      },
      inputs, {0});
}

TEST(ActivationGradKernel, ReluGradientCheck) {
  // Values away from 0, where relu is not differentiable.
  CheckActivationGrad(ReluKernel<double, CPUContext>, ReluGradKernel<double, CPUContext>,
                      {-1.5, -0.3, 0.2, 0.7, 2.0, -4.0});
}

TEST(ActivationGradKernel, SigmoidGradientCheck) {
  CheckActivationGrad(SigmoidKernel<double, CPUContext>, SigmoidGradKernel<double, CPUContext>,
                      {-3.0, -0.5, 0.0, 0.4, 1.7, 6.0});
}

TEST(ActivationGradKernel, TanhGradientCheck) {
  CheckActivationGrad(TanhKernel<double, CPUContext>, TanhGradKernel<double, CPUContext>,
                      {-2.0, -0.5, 0.0, 0.3, 1.1, 2.5});
}

TEST(ActivationGradKernel, HandComputedFromOut) {
  DenseTensor out = MakeTensor<float>({3}, {0.0f, 0.5f, 2.0f});
  DenseTensor dout = MakeTensor<float>({3}, {1, 2, 3});
  DenseTensor dx(DataType::FLOAT32, {3});
  ReluGradKernel<float>(Ctx(), out, dout, &dx);
  ExpectNear(ToVector<float>(dx), {0, 2, 3}, 0);
  SigmoidGradKernel<float>(Ctx(), out, dout, &dx);
  ExpectNear(ToVector<float>(dx), {0, 0.5f, -6}, 0);  // dout * out * (1 - out)
  TanhGradKernel<float>(Ctx(), out, dout, &dx);
  ExpectNear(ToVector<float>(dx), {1, 1.5f, -9}, 0);  // dout * (1 - out^2)
  TanhGradKernel<float>(Ctx(), out, dout, nullptr);   // unwanted gradient: nothing to do
}

TEST(ActivationGradKernel, MismatchedShapesAreInvalidArgument) {
  DenseTensor out = MakeTensor<double>({3}, {0.1, 0.2, 0.3});
  DenseTensor dout = MakeTensor<double>({2}, {1, 1});
  DenseTensor dx(DataType::FLOAT64, {3});
  try {
    SigmoidGradKernel<double>(Ctx(), out, dout, &dx);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("sigmoid_grad's Out@GRAD to have dims [3]"),
              std::string::npos)
        << e.what();
  }
  DenseTensor x = MakeTensor<double>({3}, {1, 2, 3});
  DenseTensor bad_out(DataType::FLOAT64, {4});
  EXPECT_THROW(ReluKernel<double>(Ctx(), x, &bad_out), common::InvalidArgumentError);
}

TEST(ActivationKernel, Registered) {
  for (const char* name : {"relu", "sigmoid", "tanh", "relu_grad", "sigmoid_grad", "tanh_grad"}) {
    for (DataType dtype : {DataType::FLOAT32, DataType::FLOAT64}) {
      EXPECT_NE(KernelRegistry::Instance().Find(name, {Backend::CPU, DataLayout::ANY, dtype}),
                nullptr)
          << name << " " << dtype;
    }
  }
}

}  // namespace test
}  // namespace phi
