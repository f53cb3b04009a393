// Tests of softmax and softmax_grad: hand-computed values, every axis (negative too),
// stability with large inputs, a central-difference gradient check and axis errors.
#include <cmath>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/shape.h"
#include "paddle/phi/kernels/softmax_grad_kernel.h"
#include "paddle/phi/kernels/softmax_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

// Softmax of x [a, b, c] along `axis` by direct index arithmetic (no max shift).
std::vector<double> NaiveSoftmax3d(const std::vector<double>& x, const int64_t (&d)[3], int axis) {
  std::vector<double> out(x.size());
  auto at = [&](int64_t i, int64_t j, int64_t k) { return (i * d[1] + j) * d[2] + k; };
  for (int64_t i = 0; i < d[0]; ++i)
    for (int64_t j = 0; j < d[1]; ++j)
      for (int64_t k = 0; k < d[2]; ++k) {
        double denom = 0;
        for (int64_t t = 0; t < d[axis]; ++t) {
          const int64_t idx = axis == 0 ? at(t, j, k) : axis == 1 ? at(i, t, k) : at(i, j, t);
          denom += std::exp(x[idx]);
        }
        out[at(i, j, k)] = std::exp(x[at(i, j, k)]) / denom;
      }
  return out;
}

}  // namespace

TEST(SoftmaxKernel, HandComputedLastAxis) {
  DenseTensor x = MakeTensor<double>({2, 2}, {0, std::log(3.0), 1, 1});
  DenseTensor out;
  SoftmaxKernel<double>(Ctx(), x, -1, &out);
  EXPECT_EQ(out.dims(), DDim({2, 2}));
  ExpectNear(ToVector<double>(out), {0.25, 0.75, 0.5, 0.5}, 1e-12);
}

TEST(SoftmaxKernel, EveryAxisMatchesNaive) {
  const int64_t d[3] = {2, 3, 4};
  DenseTensor x = RandomTensor<double>({2, 3, 4}, 5, -2, 2);
  for (int axis = -3; axis < 3; ++axis) {
    SCOPED_TRACE(axis);
    DenseTensor out;
    SoftmaxKernel<double>(Ctx(), x, axis, &out);
    ExpectNear(ToVector<double>(out), NaiveSoftmax3d(ToVector<double>(x), d, (axis + 3) % 3),
               1e-12);
  }
}

TEST(SoftmaxKernel, StableForLargeInputsInFloat) {
  DenseTensor x = MakeTensor<float>({1, 3}, {1000.0f, 1000.0f, 1000.0f - std::log(2.0f)});
  DenseTensor out;
  SoftmaxKernel<float>(Ctx(), x, 1, &out);
  ExpectNear(ToVector<float>(out), {0.4f, 0.4f, 0.2f}, 1e-4);
  DenseTensor scalar = MakeTensor<double>(DDim(), {3.5});
  DenseTensor scalar_out;
  SoftmaxKernel<double>(Ctx(), scalar, 0, &scalar_out);
  EXPECT_EQ(scalar_out.dims(), DDim());
  ExpectNear(ToVector<double>(scalar_out), {1.0}, 0);
}

TEST(SoftmaxGradKernel, CentralDifferenceEveryAxis) {
  for (int axis : {0, 1, -1}) {
    SCOPED_TRACE(axis);
    std::vector<DenseTensor> inputs = {RandomTensor<double>({2, 3, 4}, 30 + axis, -2, 2)};
    auto forward = [&](const std::vector<DenseTensor>& in) {
      DenseTensor out;
      SoftmaxKernel<double>(Ctx(), in[0], axis, &out);
      return std::vector<DenseTensor>{out};
    };
    auto backward = [&](const std::vector<DenseTensor>&, const std::vector<DenseTensor>& out,
                        const std::vector<DenseTensor>& dout) {
      DenseTensor dx;
      SoftmaxGradKernel<double>(Ctx(), out[0], dout[0], axis, &dx);
      return std::vector<DenseTensor>{dx};
    };
    CheckGradients(forward, backward, inputs, {0});
  }
}

TEST(SoftmaxInferMeta, AxisOutOfRangeIsInvalidArgument) {
  DenseTensor x(DataType::FLOAT32, DDim({-1, 5}));
  DenseTensor out;
  MetaTensor out_meta(&out);
  SoftmaxInferMeta(&x, -1, &out_meta);
  EXPECT_EQ(out.dims(), DDim({-1, 5}));
  try {
    SoftmaxInferMeta(&x, 2, &out_meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("expected softmax axis in [-2, 2)"), std::string::npos)
        << e.what();
  }
  DenseTensor value = RandomTensor<double>({2, 2}, 1);
  DenseTensor kernel_out;
  EXPECT_THROW(SoftmaxKernel<double>(Ctx(), value, -3, &kernel_out), common::InvalidArgumentError);
  DenseTensor wrong_dout = RandomTensor<double>({2, 3}, 2);
  EXPECT_THROW(SoftmaxGradKernel<double>(Ctx(), value, wrong_dout, -1, &kernel_out),
               common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
