// Tests of matmul_with_flatten (legacy mul): flattening at num_col_dims, the product against
// a plain loop, gradients, InferMeta with unknown extents, and shape errors.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/linalg.h"
#include "paddle/phi/kernels/matmul_with_flatten_grad_kernel.h"
#include "paddle/phi/kernels/matmul_with_flatten_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {

TEST(MatmulWithFlattenKernel, HandComputed) {
  // x [1, 2, 2] at x_num_col_dims 2 is [[1, 2], [3, 4]]; y [2, 1] (num_col_dims 1) is [5, 6]^T.
  DenseTensor x = MakeTensor<double>({1, 2, 2}, {1, 2, 3, 4});
  DenseTensor y = MakeTensor<double>({2, 1}, {5, 6});
  DenseTensor out;
  MatmulWithFlattenKernel<double>(Ctx(), x, y, 2, 1, &out);
  EXPECT_EQ(out.dims(), DDim({1, 2, 1}));
  ExpectNear(ToVector<double>(out), {17, 39}, 1e-12);
}

TEST(MatmulWithFlattenKernel, MatchesPlainLoop) {
  // x [2, 3, 4] at 2 -> [6, 4]; y [2, 2, 5] at 2 -> [4, 5]; out [2, 3, 5].
  DenseTensor x = RandomTensor<double>({2, 3, 4}, 11), y = RandomTensor<double>({2, 2, 5}, 12);
  DenseTensor out;
  MatmulWithFlattenKernel<double>(Ctx(), x, y, 2, 2, &out);
  EXPECT_EQ(out.dims(), DDim({2, 3, 5}));
  std::vector<double> xv = ToVector<double>(x), yv = ToVector<double>(y), expected(30, 0.0);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 4; ++k) expected[i * 5 + j] += xv[i * 4 + k] * yv[k * 5 + j];
  ExpectNear(ToVector<double>(out), expected, 1e-12);

  DenseTensor xf = MakeTensor<float>({2, 2}, {1, 2, 3, 4}), yf = MakeTensor<float>({2, 1, 1}, {1, 1});
  DenseTensor outf;
  MatmulWithFlattenKernel<float>(Ctx(), xf, yf, 1, 1, &outf);
  EXPECT_EQ(outf.dims(), DDim({2, 1, 1}));
  ExpectNear(ToVector<float>(outf), {3.0f, 7.0f}, 1e-6);
}

TEST(MatmulWithFlattenGradKernel, CentralDifference) {
  struct Case {
    DDim x, y;
    int x_num_col_dims, y_num_col_dims;
  };
  const std::vector<Case> cases = {
      {{3, 4}, {4, 2}, 1, 1}, {{2, 3, 4}, {2, 2, 5}, 2, 2}, {{2, 3, 2}, {6, 3}, 1, 1}};
  uint32_t seed = 20;
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::Message() << "x " << c.x << " y " << c.y);
    std::vector<DenseTensor> inputs = {RandomTensor<double>(c.x, seed++),
                                       RandomTensor<double>(c.y, seed++)};
    auto forward = [&](const std::vector<DenseTensor>& in) {
      DenseTensor out;
      MatmulWithFlattenKernel<double>(Ctx(), in[0], in[1], c.x_num_col_dims, c.y_num_col_dims,
                                      &out);
      return std::vector<DenseTensor>{out};
    };
    auto backward = [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                        const std::vector<DenseTensor>& dout) {
      DenseTensor dx, dy;
      MatmulWithFlattenGradKernel<double>(Ctx(), in[0], in[1], dout[0], c.x_num_col_dims,
                                          c.y_num_col_dims, &dx, &dy);
      return std::vector<DenseTensor>{dx, dy};
    };
    CheckGradients(forward, backward, inputs, {0, 1});
  }
}

TEST(MatmulWithFlattenInferMeta, DimsAndUnknownExtents) {
  DenseTensor x(DataType::FLOAT32, DDim({-1, 3, 4})), y(DataType::FLOAT32, DDim({12, 7}));
  DenseTensor out;
  MetaTensor out_meta(&out);
  MatmulWithFlattenInferMeta(&x, &y, 1, 1, &out_meta);
  EXPECT_EQ(out.dims(), DDim({-1, 7}));
  EXPECT_EQ(out.dtype(), DataType::FLOAT32);
  // An unknown extent inside the flattened width is compatible with any height.
  DenseTensor ux(DataType::FLOAT32, DDim({2, -1, 4})), uy(DataType::FLOAT32, DDim({5, 3, 6}));
  MatmulWithFlattenInferMeta(&ux, &uy, 1, 2, &out_meta);
  EXPECT_EQ(out.dims(), DDim({2, 6}));
}

TEST(MatmulWithFlattenInferMeta, BadShapesAreInvalidArgument) {
  DenseTensor x(DataType::FLOAT32, DDim({2, 3, 4})), y(DataType::FLOAT32, DDim({5, 6}));
  DenseTensor out;
  MetaTensor out_meta(&out);
  try {
    MatmulWithFlattenInferMeta(&x, &y, 1, 1, &out_meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("width 12 to equal flattened Y's height 5"), std::string::npos)
        << message;
    EXPECT_NE(message.find("X [2, 3, 4]"), std::string::npos) << message;
  }
  EXPECT_THROW(MatmulWithFlattenInferMeta(&x, &y, 3, 1, &out_meta), common::InvalidArgumentError);
  EXPECT_THROW(MatmulWithFlattenInferMeta(&x, &y, 0, 1, &out_meta), common::InvalidArgumentError);
  EXPECT_THROW(MatmulWithFlattenInferMeta(&x, &y, 1, 2, &out_meta), common::InvalidArgumentError);

  DenseTensor xv = RandomTensor<double>({2, 3}, 1), yv = RandomTensor<double>({4, 2}, 2);
  DenseTensor kernel_out;
  EXPECT_THROW(MatmulWithFlattenKernel<double>(Ctx(), xv, yv, 1, 1, &kernel_out),
               common::InvalidArgumentError);
}

}  // namespace test
}  // namespace phi
