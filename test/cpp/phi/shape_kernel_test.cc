// Tests of reshape and transpose with their grads and XShape InferMeta: storage sharing,
// Paddle's 0 / -1 target rules, N-D permutations against index arithmetic, -1 propagation
// and shape errors.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/shape.h"
#include "paddle/phi/kernels/reshape_grad_kernel.h"
#include "paddle/phi/kernels/reshape_kernel.h"
#include "paddle/phi/kernels/transpose_grad_kernel.h"
#include "paddle/phi/kernels/transpose_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

DDim InferReshape(const DDim& x_dims, const std::vector<int64_t>& shape, DDim* xshape_dims) {
  DenseTensor x(DataType::FLOAT32, x_dims), out, xshape;
  MetaTensor out_meta(&out), xshape_meta(&xshape);
  ReshapeWithXShapeInferMeta(&x, shape, &out_meta, &xshape_meta);
  if (xshape_dims) *xshape_dims = xshape.dims();
  EXPECT_EQ(xshape.dtype(), DataType::FLOAT32);
  return out.dims();
}

void ExpectInvalid(const std::function<void()>& fn, const std::string& part) {
  try {
    fn();
    ADD_FAILURE() << "expected InvalidArgumentError containing: " << part;
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

}  // namespace

TEST(ReshapeKernel, SharesStorageAndAppliesTargetRules) {
  DenseTensor x = MakeTensor<double>({2, 3, 4}, std::vector<double>(24, 1.0));
  DenseTensor out;
  out.Resize(InferReshape(x.dims(), {0, -1}, nullptr));
  ReshapeKernel<double>(Ctx(), x, {0, -1}, &out);
  EXPECT_EQ(out.dims(), DDim({2, 12}));
  EXPECT_EQ(out.raw_data(), x.raw_data());  // a view, not a copy
  EXPECT_EQ(out.dtype(), DataType::FLOAT64);
  ReshapeKernel<double>(Ctx(), x, {4, 0, -1}, &out);
  EXPECT_EQ(out.dims(), DDim({4, 3, 2}));
  ReshapeKernel<double>(Ctx(), x, {24}, &out);
  EXPECT_EQ(out.dims(), DDim({24}));
  DenseTensor b = MakeTensor<bool>({2}, {true, false});
  DenseTensor b_out;
  ReshapeKernel<bool>(Ctx(), b, {1, 2}, &b_out);
  EXPECT_EQ(b_out.dims(), DDim({1, 2}));
  EXPECT_EQ(b_out.data<bool>()[1], false);
  DenseTensor scalar = MakeTensor<int32_t>({1, 1}, {7});
  DenseTensor scalar_out;
  ReshapeKernel<int32_t>(Ctx(), scalar, {}, &scalar_out);
  EXPECT_EQ(scalar_out.dims(), DDim());
  EXPECT_EQ(ToVector<int32_t>(scalar_out), std::vector<int32_t>({7}));
}

TEST(ReshapeGradKernel, ViewOfDoutWithXShapeDims) {
  DenseTensor x(DataType::FLOAT64, DDim({2, 3})), out, xshape;
  MetaTensor out_meta(&out), xshape_meta(&xshape);
  ReshapeWithXShapeInferMeta(&x, {3, 2}, &out_meta, &xshape_meta);
  EXPECT_EQ(xshape.dims(), DDim({0, 2, 3}));
  DenseTensor dout = MakeTensor<double>({3, 2}, {1, 2, 3, 4, 5, 6});
  DenseTensor dx;
  MetaTensor dx_meta(&dx);
  ReshapeGradInferMeta(&xshape, &dx_meta);
  EXPECT_EQ(dx.dims(), DDim({2, 3}));
  EXPECT_EQ(dx.dtype(), DataType::FLOAT64);
  ReshapeGradKernel<double>(Ctx(), dout, &dx);
  EXPECT_EQ(dx.dims(), DDim({2, 3}));
  EXPECT_EQ(dx.raw_data(), dout.raw_data());
  ExpectNear(ToVector<double>(dx), {1, 2, 3, 4, 5, 6}, 0);
  DenseTensor bad_dx(DataType::FLOAT64, DDim({4}));
  ExpectInvalid([&] { ReshapeGradKernel<double>(Ctx(), dout, &bad_dx); }, "X@GRAD [4]");
}

TEST(ReshapeInferMeta, RulesAndUnknownExtents) {
  DDim xshape;
  EXPECT_EQ(InferReshape(DDim({2, 3, 4}), {-1, 4}, &xshape), DDim({6, 4}));
  EXPECT_EQ(xshape, DDim({0, 2, 3, 4}));
  EXPECT_EQ(InferReshape(DDim({2, 3, 4}), {0, 0, 2, 2}, nullptr), DDim({2, 3, 2, 2}));
  // Build time: an unknown input extent leaves the inferred entry unknown; 0 copies -1.
  EXPECT_EQ(InferReshape(DDim({-1, 4}), {-1, 2}, &xshape), DDim({-1, 2}));
  EXPECT_EQ(xshape, DDim({0, -1, 4}));
  EXPECT_EQ(InferReshape(DDim({-1, 4}), {0, 2, 2}, nullptr), DDim({-1, 2, 2}));
  EXPECT_EQ(InferReshape(DDim({-1, 4}), {8, 3}, nullptr), DDim({8, 3}));
  // A null XShape is allowed.
  DenseTensor x(DataType::FLOAT32, DDim({4})), out;
  MetaTensor out_meta(&out);
  ReshapeWithXShapeInferMeta(&x, {2, 2}, &out_meta, nullptr);
  MetaTensor absent;
  ReshapeWithXShapeInferMeta(&x, {2, -1}, &out_meta, &absent);
  EXPECT_EQ(out.dims(), DDim({2, 2}));
}

TEST(ReshapeInferMeta, BadTargetsAreInvalidArgument) {
  ExpectInvalid([] { InferReshape(DDim({2, 3}), {4, 2}, nullptr); },
                "but got X [2, 3] and shape [4, 2]");
  ExpectInvalid([] { InferReshape(DDim({2, 3}), {-1, -1}, nullptr); }, "at most one -1");
  ExpectInvalid([] { InferReshape(DDim({2, 3}), {-1, 4}, nullptr); }, "divisible");
  ExpectInvalid([] { InferReshape(DDim({2, 3}), {1, 1, 0}, nullptr); }, "X's rank 2");
  ExpectInvalid([] { InferReshape(DDim({2, 3}), {-2, 3}, nullptr); }, "shape [-2, 3]");
  DenseTensor x = MakeTensor<float>({2, 3}, std::vector<float>(6, 0.0f));
  DenseTensor out;
  EXPECT_THROW(ReshapeKernel<float>(Ctx(), x, {5}, &out), common::InvalidArgumentError);
}

TEST(TransposeKernel, PermutationsMatchIndexArithmetic) {
  const int64_t d[3] = {2, 3, 4};
  DenseTensor x = RandomTensor<double>({2, 3, 4}, 70);
  const std::vector<double> xv = ToVector<double>(x);
  const std::vector<std::vector<int>> perms = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                               {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto& perm : perms) {
    SCOPED_TRACE(::testing::Message() << perm[0] << perm[1] << perm[2]);
    // Also pass the permutation with negative entries: -3 + i is the same axis as i.
    for (bool negative : {false, true}) {
      std::vector<int> axis = perm;
      if (negative)
        for (int& a : axis) a -= 3;
      DenseTensor out;
      TransposeKernel<double>(Ctx(), x, axis, &out);
      const int64_t od[3] = {d[perm[0]], d[perm[1]], d[perm[2]]};
      EXPECT_EQ(out.dims(), DDim({od[0], od[1], od[2]}));
      std::vector<double> expected(24);
      for (int64_t i = 0; i < od[0]; ++i)
        for (int64_t j = 0; j < od[1]; ++j)
          for (int64_t k = 0; k < od[2]; ++k) {
            int64_t src[3];
            src[perm[0]] = i, src[perm[1]] = j, src[perm[2]] = k;
            expected[(i * od[1] + j) * od[2] + k] = xv[(src[0] * d[1] + src[1]) * d[2] + src[2]];
          }
      ExpectNear(ToVector<double>(out), expected, 0);
    }
  }
}

TEST(TransposeKernel, HandComputedIntAndRank4) {
  DenseTensor x = MakeTensor<int64_t>({2, 3}, {1, 2, 3, 4, 5, 6});
  DenseTensor out;
  TransposeKernel<int64_t>(Ctx(), x, {1, 0}, &out);
  EXPECT_EQ(out.dims(), DDim({3, 2}));
  EXPECT_EQ(ToVector<int64_t>(out), std::vector<int64_t>({1, 4, 2, 5, 3, 6}));
  // [1, 2, 1, 3] -> axis (3, 1, 0, 2) gives [3, 2, 1, 1]: out[k, j] = x[j, k].
  DenseTensor y = MakeTensor<int32_t>({1, 2, 1, 3}, {1, 2, 3, 4, 5, 6});
  DenseTensor y_out;
  TransposeKernel<int32_t>(Ctx(), y, {3, 1, 0, 2}, &y_out);
  EXPECT_EQ(y_out.dims(), DDim({3, 2, 1, 1}));
  EXPECT_EQ(ToVector<int32_t>(y_out), std::vector<int32_t>({1, 4, 2, 5, 3, 6}));
  DenseTensor f = MakeTensor<float>(DDim(), {2.5f});
  DenseTensor f_out;
  TransposeKernel<float>(Ctx(), f, {}, &f_out);
  ExpectNear(ToVector<float>(f_out), {2.5f}, 0);
}

TEST(TransposeGradKernel, CentralDifference) {
  for (const std::vector<int>& axis : std::vector<std::vector<int>>{{1, 2, 0}, {-1, 0, 1}}) {
    std::vector<DenseTensor> inputs = {RandomTensor<double>({2, 3, 4}, 80)};
    auto forward = [&](const std::vector<DenseTensor>& in) {
      DenseTensor out;
      TransposeKernel<double>(Ctx(), in[0], axis, &out);
      return std::vector<DenseTensor>{out};
    };
    auto backward = [&](const std::vector<DenseTensor>&, const std::vector<DenseTensor>&,
                        const std::vector<DenseTensor>& dout) {
      DenseTensor dx;
      TransposeGradKernel<double>(Ctx(), dout[0], axis, &dx);
      return std::vector<DenseTensor>{dx};
    };
    CheckGradients(forward, backward, inputs, {0});
  }
}

TEST(ReshapeGradKernel, CentralDifference) {
  std::vector<DenseTensor> inputs = {RandomTensor<double>({2, 3}, 90)};
  auto forward = [](const std::vector<DenseTensor>& in) {
    DenseTensor out;
    ReshapeKernel<double>(Ctx(), in[0], {3, -1}, &out);
    return std::vector<DenseTensor>{out};
  };
  auto backward = [](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                     const std::vector<DenseTensor>& dout) {
    DenseTensor dx(DataType::FLOAT64, in[0].dims());
    ReshapeGradKernel<double>(Ctx(), dout[0], &dx);
    return std::vector<DenseTensor>{dx};
  };
  CheckGradients(forward, backward, inputs, {0});
}

TEST(TransposeInferMeta, DimsXShapeAndGrad) {
  DenseTensor x(DataType::FLOAT32, DDim({-1, 3, 4})), out, xshape, dx;
  MetaTensor out_meta(&out), xshape_meta(&xshape), dx_meta(&dx);
  TransposeWithXShapeInferMeta(&x, {2, 0, -2}, &out_meta, &xshape_meta);
  EXPECT_EQ(out.dims(), DDim({4, -1, 3}));
  EXPECT_EQ(xshape.dims(), DDim({0, -1, 3, 4}));
  EXPECT_EQ(out.dtype(), DataType::FLOAT32);
  TransposeGradInferMeta(&out, {2, 0, -2}, &dx_meta);
  EXPECT_EQ(dx.dims(), DDim({-1, 3, 4}));
  TransposeWithXShapeInferMeta(&x, {1, 0, 2}, &out_meta, nullptr);
  EXPECT_EQ(out.dims(), DDim({3, -1, 4}));
}

TEST(TransposeInferMeta, BadAxisIsInvalidArgument) {
  DenseTensor x(DataType::FLOAT32, DDim({2, 3, 4})), out;
  MetaTensor out_meta(&out);
  ExpectInvalid([&] { TransposeWithXShapeInferMeta(&x, {0, 1}, &out_meta, nullptr); },
                "one entry per dim of X [2, 3, 4] (3), but got axis [0, 1]");
  ExpectInvalid([&] { TransposeWithXShapeInferMeta(&x, {0, 1, 3}, &out_meta, nullptr); },
                "in [-3, 3)");
  ExpectInvalid([&] { TransposeWithXShapeInferMeta(&x, {0, 2, -1}, &out_meta, nullptr); },
                "permutation, but got axis [0, 2, -1]");
  DenseTensor value = RandomTensor<double>({2, 3}, 1), kernel_out;
  EXPECT_THROW(TransposeKernel<double>(Ctx(), value, {0, 0}, &kernel_out),
               common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
