// Tests of the math kernels: comparison outputs and InferMeta, fill_any_like dtypes, reduce
// max/min with ties and keep_dim, unary ops in place, and float64 central differences of
// log_softmax, elementwise_pow and reduce_max grads (nullptr outputs included).
#include "paddle/phi/infermeta/math.h"

#include <cmath>

#include "paddle/phi/kernels/compare_kernel.h"
#include "paddle/phi/kernels/elementwise_math_grad_kernel.h"
#include "paddle/phi/kernels/elementwise_math_kernel.h"
#include "paddle/phi/kernels/full_like_kernel.h"
#include "paddle/phi/kernels/log_softmax_grad_kernel.h"
#include "paddle/phi/kernels/log_softmax_kernel.h"
#include "paddle/phi/kernels/logical_kernel.h"
#include "paddle/phi/kernels/reduce_max_min_grad_kernel.h"
#include "paddle/phi/kernels/reduce_max_min_kernel.h"
#include "paddle/phi/kernels/unary_math_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

TEST(CompareKernel, BroadcastBoolOutput) {
  DenseTensor x = MakeTensor<int64_t>({2, 3}, {1, 2, 3, 4, 5, 6});
  DenseTensor y = MakeTensor<int64_t>({3}, {1, 5, 3});
  DenseTensor out;
  MetaTensor meta(&out);
  CompareInferMeta(&x, &y, -1, &meta);
  EXPECT_EQ(out.dtype(), DataType::BOOL);
  EXPECT_EQ(out.dims(), DDim({2, 3}));
  LessEqualKernel<int64_t>(Ctx(), x, y, -1, &out);
  EXPECT_EQ(ToVector<bool>(out), (std::vector<bool>{true, true, true, false, true, false}));
  DenseTensor unknown(DataType::INT64, DDim({-1, 3}));
  CompareInferMeta(&unknown, &y, -1, &meta);
  EXPECT_EQ(out.dims(), DDim({-1, 3}));
  DenseTensor other(DataType::INT32, DDim({3}));
  EXPECT_THROW(CompareInferMeta(&x, &other, -1, &meta), common::InvalidArgumentError);
}

TEST(LogicalNotKernel, InPlaceOnBool) {
  DenseTensor b = MakeTensor<bool>({3}, {true, false, true});
  LogicalNotKernel<bool>(Ctx(), b, &b);
  EXPECT_EQ(ToVector<bool>(b), (std::vector<bool>{false, true, false}));
  DenseTensor f = MakeTensor<float>({2}, {0.0f, -2.0f});
  DenseTensor out(DataType::BOOL, DDim({2}));
  LogicalNotKernel<float>(Ctx(), f, &out);
  EXPECT_EQ(ToVector<bool>(out), (std::vector<bool>{true, false}));
}

TEST(FullLikeKernel, FollowsXOrTheDtypeAttribute) {
  DenseTensor x = MakeTensor<float>({2, 2}, {1, 2, 3, 4});
  DenseTensor out;
  MetaTensor meta(&out);
  FullLikeInferMeta(&x, 3.0, DataType::UNDEFINED, &meta);
  EXPECT_EQ(out.dtype(), DataType::FLOAT32);
  FullLikeKernel<float>(Ctx(), x, 3.0, DataType::UNDEFINED, &out);
  ExpectNear(ToVector<float>(out), {3, 3, 3, 3}, 0);
  FullLikeInferMeta(&x, -2.0, DataType::INT32, &meta);
  FullLikeKernel<float>(Ctx(), x, -2.0, DataType::INT32, &out);
  EXPECT_EQ(ToVector<int32_t>(out), (std::vector<int32_t>{-2, -2, -2, -2}));
  EXPECT_THROW(FullLikeKernel<float>(Ctx(), x, 1e20, DataType::INT32, &out),
               common::InvalidArgumentError);
}

TEST(ReduceMaxMinKernel, KeepDimTiesAndEmptyReduction) {
  DenseTensor x = MakeTensor<double>({2, 3}, {1, 7, 7, -1, -5, 2});
  DenseTensor out(DataType::FLOAT64, DDim({2, 1}));
  MaxKernel<double>(Ctx(), x, {1}, true, false, &out);
  ExpectNear(ToVector<double>(out), {7, 2}, 0);
  DenseTensor low(DataType::FLOAT64, DDim({3}));
  MinKernel<double>(Ctx(), x, {0}, false, false, &low);
  ExpectNear(ToVector<double>(low), {-1, -5, 2}, 0);
  // Both tied maxima receive the full gradient, as in Paddle.
  DenseTensor dout = MakeTensor<double>({2, 1}, {10, 20});
  DenseTensor dx(DataType::FLOAT64, x.dims());
  MaxGradKernel<double>(Ctx(), x, out, dout, {1}, true, false, &dx);
  ExpectNear(ToVector<double>(dx), {0, 10, 10, 0, 0, 20}, 0);
  MaxGradKernel<double>(Ctx(), x, out, dout, {1}, true, false, nullptr);
  DenseTensor empty(DataType::FLOAT64, DDim({2, 0}));
  Ctx().Alloc<double>(&empty);
  DenseTensor bad(DataType::FLOAT64, DDim({2}));
  EXPECT_THROW(MaxKernel<double>(Ctx(), empty, {1}, false, false, &bad),
               common::InvalidArgumentError);
}

TEST(ReduceMaxMinKernel, CentralDifference) {
  DenseTensor x = MakeTensor<double>({2, 3, 2}, {0.1, 0.5, -0.3, 0.9, 0.2, -0.7,
                                                 0.4, -0.2, 0.8, 0.05, -0.6, 0.3});
  auto forward = [](const std::vector<DenseTensor>& in) {
    DenseTensor out(DataType::FLOAT64, DDim({2, 2}));
    MinKernel<double>(Ctx(), in[0], {-2}, false, false, &out);
    return std::vector<DenseTensor>{out};
  };
  CheckGradients(forward,
                 [](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>& outs,
                    const std::vector<DenseTensor>& douts) {
                   std::vector<DenseTensor> grads(1);
                   grads[0].Resize(in[0].dims());
                   MinGradKernel<double>(Ctx(), in[0], outs[0], douts[0], {-2}, false, false,
                                         &grads[0]);
                   return grads;
                 },
                 {x}, {0});
}

TEST(LogSoftmaxKernel, CentralDifferenceOnEveryAxis) {
  DenseTensor x = RandomTensor<double>({2, 3, 4}, 21, -2, 2);
  for (int axis : {0, 1, -1}) {
    SCOPED_TRACE("axis " + std::to_string(axis));
    auto forward = [axis](const std::vector<DenseTensor>& in) {
      DenseTensor out(DataType::FLOAT64, in[0].dims());
      LogSoftmaxKernel<double>(Ctx(), in[0], axis, &out);
      return std::vector<DenseTensor>{out};
    };
    CheckGradients(forward,
                   [axis](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>& outs,
                          const std::vector<DenseTensor>& douts) {
                     std::vector<DenseTensor> grads(1);
                     grads[0].Resize(in[0].dims());
                     LogSoftmaxGradKernel<double>(Ctx(), outs[0], douts[0], axis, &grads[0]);
                     return grads;
                   },
                   {x}, {0});
  }
  DenseTensor in_place = MakeTensor<double>({3}, {1, 2, 3});
  LogSoftmaxKernel<double>(Ctx(), in_place, 0, &in_place);
  const double log_sum = std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0));
  ExpectNear(ToVector<double>(in_place), {1 - log_sum, 2 - log_sum, 3 - log_sum}, 1e-12);
}

TEST(ElementwisePowKernel, CentralDifferenceWithBroadcast) {
  DenseTensor x = RandomTensor<double>({2, 3}, 31, 0.5, 2.0);
  DenseTensor y = RandomTensor<double>({3}, 32, -1.5, 1.5);
  auto forward = [](const std::vector<DenseTensor>& in) {
    DenseTensor out(DataType::FLOAT64, DDim({2, 3}));
    ElementwisePowKernel<double>(Ctx(), in[0], in[1], -1, &out);
    return std::vector<DenseTensor>{out};
  };
  CheckGradients(forward,
                 [](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                    const std::vector<DenseTensor>& douts) {
                   std::vector<DenseTensor> grads(2);
                   for (int i = 0; i < 2; ++i) grads[i].Resize(in[i].dims());
                   ElementwisePowGradKernel<double>(Ctx(), in[0], in[1], douts[0], -1, &grads[0],
                                                    &grads[1]);
                   return grads;
                 },
                 {x, y}, {0, 1});
  DenseTensor dy(DataType::FLOAT64, y.dims());
  ElementwisePowGradKernel<double>(Ctx(), x, y, forward({x, y})[0], -1, nullptr, &dy);
  EXPECT_TRUE(dy.initialized());
}

TEST(UnaryMathKernel, InPlaceAndIntegerPow) {
  DenseTensor x = MakeTensor<double>({3}, {-7, 2, 9});
  Relu6Kernel<double>(Ctx(), x, 6.0f, &x);
  ExpectNear(ToVector<double>(x), {0, 2, 6}, 0);
  DenseTensor i = MakeTensor<int64_t>({3}, {-2, 3, 5});
  DenseTensor out(DataType::INT64, DDim({3}));
  PowKernel<int64_t>(Ctx(), i, 3.0f, &out);
  EXPECT_EQ(ToVector<int64_t>(out), (std::vector<int64_t>{-8, 27, 125}));
  PowKernel<int64_t>(Ctx(), i, 2.0f, &out);
  EXPECT_EQ(ToVector<int64_t>(out), (std::vector<int64_t>{4, 9, 25}));
}

}  // namespace test
}  // namespace phi
