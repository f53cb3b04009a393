// Tests of pool2d, batch_norm and layer_norm kernels where the phi-only build needs them:
// float64 central-difference gradients, batch_norm's running statistics updated in place
// (MeanOut the same tensor as Mean), and dropout's seeded masks.
#include <cmath>
#include <string>
#include <vector>

#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/batch_norm_grad_kernel.h"
#include "paddle/phi/kernels/batch_norm_kernel.h"
#include "paddle/phi/kernels/dropout_kernel.h"
#include "paddle/phi/kernels/layer_norm_grad_kernel.h"
#include "paddle/phi/kernels/layer_norm_kernel.h"
#include "paddle/phi/kernels/pool_grad_kernel.h"
#include "paddle/phi/kernels/pool_kernel.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

// Distinct values (no ties for max pooling), shuffled deterministically.
DenseTensor DistinctTensor(const DDim& dims) {
  std::vector<double> v(dims.numel());
  for (size_t i = 0; i < v.size(); ++i) v[i] = 0.05 * static_cast<double>((i * 7919) % v.size());
  return MakeTensor<double>(dims, v);
}

DenseTensor Pool(const DenseTensor& x, const std::string& type, const std::vector<int>& ksize,
                 const std::vector<int>& strides, const std::vector<int>& paddings,
                 bool exclusive, bool ceil_mode) {
  DenseTensor out;
  MetaTensor meta(&out);
  PoolInferMeta(&x, type, ksize, false, strides, paddings, false, ceil_mode, "NCHW", "EXPLICIT",
                &meta);
  Pool2dKernel<double>(Ctx(), x, type, ksize, false, strides, paddings, exclusive, false,
                       ceil_mode, "NCHW", "EXPLICIT", &out);
  return out;
}

}  // namespace

TEST(Pool2dKernel, HandComputedMaxAndAverage) {
  DenseTensor x = MakeTensor<double>({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  ExpectNear(ToVector<double>(Pool(x, "max", {2, 2}, {1, 1}, {0, 0}, true, false)), {5, 6, 8, 9},
             0);
  // Padded windows: exclusive averages count only the image, others the padded window.
  ExpectNear(ToVector<double>(Pool(x, "avg", {2, 2}, {2, 2}, {1, 1}, true, false)),
             {1, 2.5, 5.5, 7}, 1e-12);
  ExpectNear(ToVector<double>(Pool(x, "avg", {2, 2}, {2, 2}, {1, 1}, false, false)),
             {0.25, 1.25, 2.75, 7}, 1e-12);
  EXPECT_EQ(Pool(x, "max", {2, 2}, {2, 2}, {0, 0}, true, true).dims(), DDim({1, 1, 2, 2}));
}

TEST(Pool2dGradKernel, CentralDifference) {
  for (const std::string type : {"max", "avg"}) {
    for (bool ceil_mode : {false, true}) {
      SCOPED_TRACE(type + (ceil_mode ? " ceil" : ""));
      std::vector<DenseTensor> inputs = {DistinctTensor({2, 2, 5, 4})};
      const std::vector<int> ksize{3, 2}, strides{2, 2}, paddings{1, 0};
      auto forward = [&](const std::vector<DenseTensor>& in) {
        return std::vector<DenseTensor>{Pool(in[0], type, ksize, strides, paddings, false, ceil_mode)};
      };
      auto backward = [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>& out,
                          const std::vector<DenseTensor>& dout) {
        DenseTensor dx(DataType::FLOAT64, in[0].dims());
        Pool2dGradKernel<double>(Ctx(), in[0], out[0], dout[0], type, ksize, false, strides,
                                 paddings, false, false, ceil_mode, "NCHW", "EXPLICIT", &dx);
        return std::vector<DenseTensor>{dx};
      };
      CheckGradients(forward, backward, inputs, {0});
    }
  }
}

TEST(BatchNormKernel, RunningStatisticsUpdateInPlace) {
  DenseTensor x = RandomTensor<double>({4, 2, 3, 3}, 1);
  DenseTensor scale = MakeTensor<double>({2}, {1.0, 2.0});
  DenseTensor bias = MakeTensor<double>({2}, {0.5, -0.5});
  DenseTensor mean = MakeTensor<double>({2}, {1.0, -1.0});
  DenseTensor variance = MakeTensor<double>({2}, {2.0, 3.0});
  DenseTensor y(DataType::FLOAT64, x.dims());
  DenseTensor saved_mean(DataType::FLOAT64, DDim({2})), saved_inv_std(DataType::FLOAT64, DDim({2}));
  // MeanOut and VarianceOut are the very tensors Mean and Variance, as in a program.
  BatchNormKernel<double>(Ctx(), x, scale, bias, mean, variance, 0.9f, 1e-5f, "NCHW", false,
                          false, false, &y, &mean, &variance, &saved_mean, &saved_inv_std,
                          nullptr);
  std::vector<double> xv = ToVector<double>(x);
  for (int c = 0; c < 2; ++c) {
    double sum = 0, sq = 0;
    for (int n = 0; n < 4; ++n)
      for (int i = 0; i < 9; ++i) sum += xv[(n * 2 + c) * 9 + i];
    const double mu = sum / 36;
    for (int n = 0; n < 4; ++n)
      for (int i = 0; i < 9; ++i) sq += (xv[(n * 2 + c) * 9 + i] - mu) * (xv[(n * 2 + c) * 9 + i] - mu);
    const double var = sq / 36;
    const double momentum = static_cast<double>(0.9f);
    EXPECT_NEAR(mean.data<double>()[c], (c == 0 ? 1.0 : -1.0) * momentum + mu * (1 - momentum), 1e-12);
    EXPECT_NEAR(variance.data<double>()[c], (c == 0 ? 2.0 : 3.0) * momentum + var * (1 - momentum),
                1e-12);
    EXPECT_NEAR(saved_inv_std.data<double>()[c], 1 / std::sqrt(var + static_cast<double>(1e-5f)),
                1e-12);
  }
}

TEST(BatchNormGradKernel, CentralDifferenceTrainAndGlobal) {
  for (bool global : {false, true}) {
    SCOPED_TRACE(global ? "global stats" : "batch stats");
    std::vector<DenseTensor> inputs = {RandomTensor<double>({3, 2, 2, 3}, 2),
                                       RandomTensor<double>({2}, 3, 0.5, 1.5),
                                       RandomTensor<double>({2}, 4)};
    const DenseTensor mean = RandomTensor<double>({2}, 5);
    const DenseTensor variance = RandomTensor<double>({2}, 6, 0.5, 1.5);
    auto run = [&](const std::vector<DenseTensor>& in, DenseTensor* saved_mean,
                   DenseTensor* saved_inv_std) {
      DenseTensor y(DataType::FLOAT64, in[0].dims());
      DenseTensor mean_out(DataType::FLOAT64, DDim({2})), var_out(DataType::FLOAT64, DDim({2}));
      BatchNormKernel<double>(Ctx(), in[0], in[1], in[2], mean, variance, 0.9f, 1e-5f, "NCHW",
                              false, global, false, &y, &mean_out, &var_out, saved_mean,
                              saved_inv_std, nullptr);
      return y;
    };
    auto forward = [&](const std::vector<DenseTensor>& in) {
      return std::vector<DenseTensor>{run(in, nullptr, nullptr)};
    };
    auto backward = [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                        const std::vector<DenseTensor>& dout) {
      DenseTensor saved_mean(DataType::FLOAT64, DDim({2})), saved_inv_std(DataType::FLOAT64, DDim({2}));
      run(in, &saved_mean, &saved_inv_std);
      DenseTensor dx(DataType::FLOAT64, in[0].dims()), dscale(DataType::FLOAT64, DDim({2})),
          dbias(DataType::FLOAT64, DDim({2}));
      BatchNormGradKernel<double>(Ctx(), in[0], in[1], in[2], &mean, &variance, saved_mean,
                                  saved_inv_std, dout[0], 0.9f, 1e-5f, "NCHW", false, global,
                                  false, &dx, &dscale, &dbias);
      return std::vector<DenseTensor>{dx, dscale, dbias};
    };
    CheckGradients(forward, backward, inputs, {0, 1, 2});
  }
}

TEST(LayerNormGradKernel, CentralDifference) {
  std::vector<DenseTensor> inputs = {RandomTensor<double>({3, 2, 4}, 7),
                                     RandomTensor<double>({8}, 8), RandomTensor<double>({8}, 9)};
  auto run = [&](const std::vector<DenseTensor>& in, DenseTensor* mean, DenseTensor* var) {
    DenseTensor y(DataType::FLOAT64, in[0].dims());
    LayerNormKernel<double>(Ctx(), in[0], &in[1], &in[2], 1e-5f, 1, &y, mean, var);
    return y;
  };
  auto forward = [&](const std::vector<DenseTensor>& in) {
    return std::vector<DenseTensor>{run(in, nullptr, nullptr)};
  };
  auto backward = [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                      const std::vector<DenseTensor>& dout) {
    DenseTensor mean(DataType::FLOAT64, DDim({3})), var(DataType::FLOAT64, DDim({3}));
    run(in, &mean, &var);
    DenseTensor dx(DataType::FLOAT64, in[0].dims()), dscale(DataType::FLOAT64, DDim({8})),
        dbias(DataType::FLOAT64, DDim({8}));
    LayerNormGradKernel<double>(Ctx(), in[0], &in[1], &in[2], mean, var, dout[0], 1e-5f, 1, &dx,
                                &dscale, &dbias);
    return std::vector<DenseTensor>{dx, dscale, dbias};
  };
  CheckGradients(forward, backward, inputs, {0, 1, 2});
}

TEST(DropoutKernel, FixedSeedRepeatsTheMask) {
  DenseTensor x = RandomTensor<double>({1000}, 10, 1.0, 2.0);
  auto run = [&](int seed, DenseTensor* mask) {
    DenseTensor out(DataType::FLOAT64, x.dims());
    mask->Resize(x.dims());
    DropoutKernel<double>(Ctx(), x, 0.25f, false, "upscale_in_train", seed, true, &out, mask);
    return out;
  };
  DenseTensor mask_a, mask_b, mask_c;
  DenseTensor out = run(5, &mask_a);
  run(5, &mask_b);
  run(6, &mask_c);
  EXPECT_EQ(ToVector<uint8_t>(mask_a), ToVector<uint8_t>(mask_b));
  EXPECT_NE(ToVector<uint8_t>(mask_a), ToVector<uint8_t>(mask_c));
  int kept = 0;
  for (int i = 0; i < 1000; ++i) {
    const uint8_t m = mask_a.data<uint8_t>()[i];
    kept += m;
    EXPECT_NEAR(out.data<double>()[i], m ? x.data<double>()[i] / (1 - static_cast<double>(0.25f)) : 0.0,
                1e-12);
  }
  EXPECT_NEAR(kept / 1000.0, 0.75, 0.05);
}

}  // namespace test
}  // namespace phi
