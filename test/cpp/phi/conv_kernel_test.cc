// Tests of conv2d and conv2d_grad against a direct seven-loop convolution (strides, paddings,
// dilations, groups, pointwise windows, batches split into im2col chunks, NHWC), float64
// central-difference gradients, im2col/col2im adjointness, and ConvInferMeta's errors.
#include "paddle/phi/kernels/conv_kernel.h"

#include <string>
#include <vector>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/conv_grad_kernel.h"
#include "paddle/phi/kernels/funcs/conv_then_depthwise.h"
#include "paddle/phi/kernels/funcs/im2col.h"
#include "paddle/phi/kernels/funcs/packed_weights.h"
#include "paddle/phi/kernels/funcs/sgemm_packed.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {

struct ConvAttrs {
  std::vector<int> strides{1, 1};
  std::vector<int> paddings{0, 0};
  std::string padding_algorithm = "EXPLICIT";
  std::vector<int> dilations{1, 1};
  int groups = 1;
  std::string data_format = "NCHW";
};

template <typename T>
DenseTensor RunConv(const DenseTensor& x, const DenseTensor& w, const ConvAttrs& a) {
  DenseTensor out;
  MetaTensor meta(&out);
  ConvInferMeta(&x, &w, a.strides, a.paddings, a.padding_algorithm, a.dilations, a.groups,
                a.data_format, &meta);
  ConvKernel<T>(Ctx(), x, w, a.strides, a.paddings, a.padding_algorithm, a.dilations, a.groups,
                a.data_format, &out);
  return out;
}

// Direct NCHW convolution with symmetric 2-value paddings.
std::vector<double> NaiveConv(const DenseTensor& x, const DenseTensor& w, const ConvAttrs& a,
                              DDim* out_dims) {
  const int64_t n = x.dims()[0], c = x.dims()[1], h = x.dims()[2], wd = x.dims()[3];
  const int64_t m = w.dims()[0], cg = w.dims()[1], kh = w.dims()[2], kw = w.dims()[3];
  const int64_t ph = a.paddings[0], pw = a.paddings[1];
  const int64_t oh = (h + 2 * ph - a.dilations[0] * (kh - 1) - 1) / a.strides[0] + 1;
  const int64_t ow = (wd + 2 * pw - a.dilations[1] * (kw - 1) - 1) / a.strides[1] + 1;
  *out_dims = DDim({n, m, oh, ow});
  const double* xv = x.data<double>();
  const double* wv = w.data<double>();
  const int64_t mg = m / a.groups;
  std::vector<double> out(n * m * oh * ow, 0.0);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t o = 0; o < m; ++o)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          double sum = 0.0;
          const int64_t group = o / mg;
          for (int64_t q = 0; q < cg; ++q)
            for (int64_t r = 0; r < kh; ++r)
              for (int64_t s = 0; s < kw; ++s) {
                const int64_t y = i * a.strides[0] - ph + r * a.dilations[0];
                const int64_t z = j * a.strides[1] - pw + s * a.dilations[1];
                if (y < 0 || y >= h || z < 0 || z >= wd) continue;
                sum += xv[((b * c + group * cg + q) * h + y) * wd + z] *
                       wv[((o * cg + q) * kh + r) * kw + s];
              }
          out[((b * m + o) * oh + i) * ow + j] = sum;
        }
  return out;
}

struct Case {
  std::vector<int64_t> x, w;
  ConvAttrs attrs;
};

std::vector<Case> Cases() {
  std::vector<Case> cases;
  cases.push_back({{2, 3, 6, 5}, {4, 3, 3, 3}, {}});
  ConvAttrs strided;
  strided.strides = {2, 1};
  strided.paddings = {1, 2};
  cases.push_back({{2, 3, 7, 6}, {2, 3, 3, 2}, strided});
  ConvAttrs grouped;
  grouped.groups = 2;
  grouped.paddings = {1, 1};
  cases.push_back({{1, 4, 5, 5}, {6, 2, 3, 3}, grouped});
  ConvAttrs dilated;
  dilated.dilations = {2, 2};
  dilated.paddings = {2, 1};
  dilated.strides = {1, 2};
  cases.push_back({{2, 2, 7, 7}, {3, 2, 3, 3}, dilated});
  cases.push_back({{3, 3, 4, 4}, {5, 3, 1, 1}, {}});  // pointwise
  ConvAttrs depthwise;
  depthwise.groups = 3;
  depthwise.paddings = {1, 1};
  cases.push_back({{2, 3, 5, 5}, {6, 1, 3, 3}, depthwise});
  return cases;
}

}  // namespace

TEST(ConvKernel, MatchesNaiveConvolution) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(DDim(c.x).to_str() + " * " + DDim(c.w).to_str());
    DenseTensor x = RandomTensor<double>(DDim(c.x), 1);
    DenseTensor w = RandomTensor<double>(DDim(c.w), 2);
    DenseTensor out = RunConv<double>(x, w, c.attrs);
    DDim want_dims;
    std::vector<double> want = NaiveConv(x, w, c.attrs, &want_dims);
    EXPECT_EQ(out.dims(), want_dims);
    ExpectNear(ToVector<double>(out), want, 1e-12);
  }
}

TEST(ConvKernel, LargeBatchSplitsIntoChunksAndFloatWorks) {
  // 60 images of 2 x 5 x 5 windows over 40 x 40 outputs exceed one im2col chunk.
  DenseTensor x = RandomTensor<double>({60, 2, 40, 40}, 3);
  DenseTensor w = RandomTensor<double>({3, 2, 5, 5}, 4);
  ConvAttrs a;
  a.paddings = {2, 2};
  DenseTensor out = RunConv<double>(x, w, a);
  DDim dims;
  ExpectNear(ToVector<double>(out), NaiveConv(x, w, a, &dims), 1e-11);
  DenseTensor xf = RandomTensor<float>({2, 3, 5, 5}, 5);
  DenseTensor wf = RandomTensor<float>({2, 3, 3, 3}, 6);
  DenseTensor outf = RunConv<float>(xf, wf, a);
  EXPECT_EQ(outf.dims(), DDim({2, 2, 7, 7}));
  auto widen = [](const DenseTensor& t) {
    std::vector<float> v = ToVector<float>(t);
    return MakeTensor<double>(t.dims(), std::vector<double>(v.begin(), v.end()));
  };
  std::vector<double> want = NaiveConv(widen(xf), widen(wf), a, &dims);
  std::vector<float> got = ToVector<float>(outf);
  ExpectNear(std::vector<double>(got.begin(), got.end()), want, 1e-5);
}

// A frozen filter (an inference model's) is packed once and kept with its storage; the output
// is the same bits as with the filter packed per call. Writing the filter thaws it, dropping
// the packed copy, and the next convolution uses the new values.
TEST(ConvKernel, FrozenFilterIsPackedOnceAndThawedByWrites) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  DenseTensor x = RandomTensor<float>({2, 4, 12, 40}, 7);
  ConvAttrs a;
  a.paddings = {1, 1};
  a.groups = 2;
  for (const std::vector<int>& strides : {std::vector<int>{1, 1}, std::vector<int>{2, 2}}) {
    a.strides = strides;
    DenseTensor w = RandomTensor<float>({14, 2, 3, 3}, 8);
    const std::vector<float> plain = ToVector<float>(RunConv<float>(x, w, a));
    const std::shared_ptr<Allocation> storage = w.Holder();
    storage->Freeze();
    const DenseTensor& frozen = w;  // read access keeps it frozen
    EXPECT_EQ(ToVector<float>(RunConv<float>(x, frozen, a)), plain);
    EXPECT_EQ(storage->derived_count(), 1u);
    EXPECT_EQ(ToVector<float>(RunConv<float>(x, frozen, a)), plain);
    EXPECT_EQ(storage->derived_count(), 1u);  // packed once
    w.data<float>()[0] += 1.0f;
    EXPECT_FALSE(storage->frozen());
    EXPECT_EQ(storage->derived_count(), 0u);
    DenseTensor fresh = MakeTensor<float>(w.dims(), ToVector<float>(w));
    EXPECT_EQ(ToVector<float>(RunConv<float>(x, w, a)),
              ToVector<float>(RunConv<float>(x, fresh, a)));
    EXPECT_NE(ToVector<float>(RunConv<float>(x, w, a)), plain);
  }
}

TEST(ConvKernel, SameAndValidPaddingAndNhwc) {
  DenseTensor x = RandomTensor<double>({1, 2, 7, 6}, 7);
  DenseTensor w = RandomTensor<double>({3, 2, 3, 3}, 8);
  ConvAttrs same;
  same.padding_algorithm = "SAME";
  same.strides = {2, 2};
  same.dilations = {3, 3};  // ignored with SAME
  EXPECT_EQ(RunConv<double>(x, w, same).dims(), DDim({1, 3, 4, 3}));
  ConvAttrs valid;
  valid.padding_algorithm = "VALID";
  valid.paddings = {4, 4};
  EXPECT_EQ(RunConv<double>(x, w, valid).dims(), DDim({1, 3, 5, 4}));

  // NHWC gives the NCHW result transposed.
  ConvAttrs nchw;
  nchw.paddings = {1, 1};
  DenseTensor ref = RunConv<double>(x, w, nchw);
  std::vector<double> xv = ToVector<double>(x), xt(xv.size());
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 7; ++i)
      for (int j = 0; j < 6; ++j) xt[(i * 6 + j) * 2 + c] = xv[(c * 7 + i) * 6 + j];
  ConvAttrs nhwc = nchw;
  nhwc.data_format = "NHWC";
  DenseTensor out = RunConv<double>(MakeTensor<double>({1, 7, 6, 2}, xt), w, nhwc);
  ASSERT_EQ(out.dims(), DDim({1, 7, 6, 3}));
  std::vector<double> rv = ToVector<double>(ref), ov = ToVector<double>(out);
  for (int c = 0; c < 3; ++c)
    for (int i = 0; i < 7; ++i)
      for (int j = 0; j < 6; ++j)
        EXPECT_NEAR(ov[(i * 6 + j) * 3 + c], rv[(c * 7 + i) * 6 + j], 1e-12);
}

TEST(ConvGradKernel, CentralDifference) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(DDim(c.x).to_str() + " * " + DDim(c.w).to_str());
    std::vector<DenseTensor> inputs = {RandomTensor<double>(DDim(c.x), 11),
                                       RandomTensor<double>(DDim(c.w), 12)};
    auto forward = [&](const std::vector<DenseTensor>& in) {
      return std::vector<DenseTensor>{RunConv<double>(in[0], in[1], c.attrs)};
    };
    auto backward = [&](const std::vector<DenseTensor>& in, const std::vector<DenseTensor>&,
                        const std::vector<DenseTensor>& dout) {
      DenseTensor dx, dw;
      MetaTensor dx_meta(&dx), dw_meta(&dw);
      GeneralBinaryGradInferMeta(&in[0], &in[1], &dx_meta, &dw_meta);
      const ConvAttrs& a = c.attrs;
      ConvGradKernel<double>(Ctx(), in[0], in[1], dout[0], a.strides, a.paddings,
                             a.padding_algorithm, a.dilations, a.groups, a.data_format, &dx, &dw);
      return std::vector<DenseTensor>{dx, dw};
    };
    CheckGradients(forward, backward, inputs, {0, 1});
  }
}

TEST(ConvGradKernel, EitherGradientMayBeNull) {
  DenseTensor x = RandomTensor<double>({1, 2, 4, 4}, 13);
  DenseTensor w = RandomTensor<double>({2, 2, 3, 3}, 14);
  ConvAttrs a;
  DenseTensor dout = RandomTensor<double>({1, 2, 2, 2}, 15);
  DenseTensor dx_only(DataType::FLOAT64, x.dims()), dw_only(DataType::FLOAT64, w.dims());
  DenseTensor dx_both(DataType::FLOAT64, x.dims()), dw_both(DataType::FLOAT64, w.dims());
  ConvGradKernel<double>(Ctx(), x, w, dout, a.strides, a.paddings, a.padding_algorithm,
                         a.dilations, a.groups, a.data_format, &dx_only, nullptr);
  ConvGradKernel<double>(Ctx(), x, w, dout, a.strides, a.paddings, a.padding_algorithm,
                         a.dilations, a.groups, a.data_format, nullptr, &dw_only);
  ConvGradKernel<double>(Ctx(), x, w, dout, a.strides, a.paddings, a.padding_algorithm,
                         a.dilations, a.groups, a.data_format, &dx_both, &dw_both);
  ExpectNear(ToVector<double>(dx_only), ToVector<double>(dx_both), 0);
  ExpectNear(ToVector<double>(dw_only), ToVector<double>(dw_both), 0);
}

TEST(Im2Col, Col2ImIsItsAdjoint) {
  // <im2col(x), c> == <x, col2im(c)> for random x and c.
  funcs::ConvPlane p;
  p.in_h = 5, p.in_w = 6, p.kernel_h = 3, p.kernel_w = 2, p.stride_h = 2, p.stride_w = 3;
  p.dilation_h = 1, p.dilation_w = 2, p.pad_top = 1, p.pad_left = 2;
  p.out_h = (5 + 2 + 1 - 3) / 2 + 1;
  p.out_w = (6 + 2 + 2 - 3) / 3 + 1;
  const int64_t channels = 2, rows = channels * 3 * 2, cols = p.out_h * p.out_w;
  std::vector<double> x = ToVector<double>(RandomTensor<double>({channels * 30}, 21));
  std::vector<double> c = ToVector<double>(RandomTensor<double>({rows * cols}, 22));
  std::vector<double> col(rows * cols), image(x.size(), 0.0);
  funcs::Im2Col(x.data(), channels, p, cols, col.data());
  funcs::Col2ImAdd(c.data(), channels, p, cols, image.data());
  double lhs = 0, rhs = 0;
  for (size_t i = 0; i < col.size(); ++i) lhs += col[i] * c[i];
  for (size_t i = 0; i < x.size(); ++i) rhs += x[i] * image[i];
  EXPECT_NEAR(lhs, rhs, 1e-12);
}

TEST(ConvInferMeta, UnknownBatchAndShapeErrors) {
  DenseTensor x(DataType::FLOAT32, DDim({-1, 3, 28, 28}));
  DenseTensor w(DataType::FLOAT32, DDim({6, 3, 5, 5}));
  DenseTensor out;
  MetaTensor meta(&out);
  ConvAttrs a;
  a.paddings = {2, 2};
  ConvInferMeta(&x, &w, a.strides, a.paddings, a.padding_algorithm, a.dilations, a.groups,
                a.data_format, &meta);
  EXPECT_EQ(out.dims(), DDim({-1, 6, 28, 28}));
  DenseTensor bad_w(DataType::FLOAT32, DDim({6, 2, 5, 5}));
  try {
    ConvInferMeta(&x, &bad_w, a.strides, a.paddings, a.padding_algorithm, a.dilations, a.groups,
                  a.data_format, &meta);
    FAIL() << "expected InvalidArgumentError";
  } catch (const common::InvalidArgumentError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("[-1, 3, 28, 28]"), std::string::npos) << msg;
    EXPECT_NE(msg.find("[6, 2, 5, 5]"), std::string::npos) << msg;
  }
  ConvAttrs bad = a;
  bad.strides = {0, 1};
  EXPECT_THROW(ConvInferMeta(&x, &w, bad.strides, bad.paddings, bad.padding_algorithm,
                             bad.dilations, bad.groups, bad.data_format, &meta),
               common::InvalidArgumentError);
  bad = a;
  bad.padding_algorithm = "FULL";
  EXPECT_THROW(ConvInferMeta(&x, &w, bad.strides, bad.paddings, bad.padding_algorithm,
                             bad.dilations, bad.groups, bad.data_format, &meta),
               common::InvalidArgumentError);
  EXPECT_TRUE(KernelRegistry::Instance().HasKernel("depthwise_conv2d_grad"));
}

// A frozen filter is packed once and kept, except where the convolution reads it as stored: a
// 1x1 convolution of a few 1x1 images (squeeze-excitation layers) runs as Input x Filter^T
// through the GEMM's few-rows path, so nothing is packed for it.
TEST(ConvForwardKeepingFilter, PacksNoFilterForTheFewRowsPath) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  const auto run = [](int64_t batch, int64_t size) {
    DenseTensor w = RandomTensor<float>(make_ddim({24, 40, 1, 1}), 3);
    w.Holder()->Freeze();
    const std::vector<float> x = RandomFloats(batch * 40 * size * size, 4);
    std::vector<float> out(batch * 24 * size * size);
    funcs::ConvPlane p;
    p.in_h = p.in_w = p.out_h = p.out_w = size;
    p.kernel_h = p.kernel_w = p.stride_h = p.stride_w = 1;
    const int64_t before = funcs::PackedWeightsBytes();
    funcs::ConvForwardKeepingFilter(x.data(), w, batch, 40, 24, 1, p, out.data(), nullptr);
    const int64_t packed = funcs::PackedWeightsBytes() - before;
    // out[n][m] = sum over c of x[n][c] w[m][c] at each pixel
    const float* wd = w.data<float>();
    const int64_t pixels = size * size;
    for (int64_t n = 0; n < batch; ++n) {
      for (int64_t m = 0; m < 24; ++m) {
        for (int64_t q = 0; q < pixels; ++q) {
          double want = 0.0;
          for (int64_t c = 0; c < 40; ++c) want += x[(n * 40 + c) * pixels + q] * wd[m * 40 + c];
          EXPECT_NEAR(out[(n * 24 + m) * pixels + q], want, 1e-4);
        }
      }
    }
    return packed;
  };
  EXPECT_EQ(run(2, 1), 0);  // the few-rows path
  EXPECT_GT(run(2, 3), 0);  // the packed GEMM keeps the frozen filter packed
}

// A frozen depthwise filter's taps are laid out for the pixel-major kernel once and kept (one
// copy for every later use); the rows computed from the kept taps are those of a filter that
// is not frozen, to the bit.
TEST(PixelMajorDepthwise, KeepsAFrozenFiltersTapsWithTheSameBits) {
  funcs::ConvPlane p;
  p.in_h = p.in_w = p.out_h = p.out_w = 9;
  p.kernel_h = p.kernel_w = 3;
  p.pad_top = p.pad_left = 1;
  constexpr int64_t kChannels = 24;
  if (!funcs::PixelMajorDepthwise::Applies(p, kChannels)) GTEST_SKIP() << "no AVX2 + FMA";
  const DenseTensor thawed = RandomTensor<float>(make_ddim({kChannels, 1, 3, 3}), 5);
  DenseTensor frozen = RandomTensor<float>(make_ddim({kChannels, 1, 3, 3}), 5);
  frozen.Holder()->Freeze();
  const std::vector<float> image = RandomFloats(3 * 9 * kChannels, 6);           // rows 0..2
  const float* rows[3] = {nullptr, image.data(), image.data() + 9 * kChannels};  // output row 0
  const funcs::DepthwiseEpilogue<float> epi;
  std::vector<float> want(9 * kChannels), got(9 * kChannels), again(9 * kChannels);
  funcs::PixelMajorDepthwise(p, kChannels, thawed, epi).Row(rows, want.data());
  const int64_t before = funcs::PackedWeightsBytes();
  funcs::PixelMajorDepthwise(p, kChannels, frozen, epi).Row(rows, got.data());
  const int64_t kept = funcs::PackedWeightsBytes() - before;
  EXPECT_EQ(kept, static_cast<int64_t>(9 * kChannels * sizeof(float)));
  funcs::PixelMajorDepthwise(p, kChannels, frozen, epi).Row(rows, again.data());
  EXPECT_EQ(funcs::PackedWeightsBytes() - before, kept);  // the kept copy, not another
  EXPECT_EQ(got, want);
  EXPECT_EQ(again, want);
  double w00 = 0.0;  // channel 0, output pixel 0: taps (1, 1), (1, 2), (2, 1), (2, 2)
  const float* f = thawed.data<float>();
  for (int kh = 1; kh < 3; ++kh) {
    for (int kw = 1; kw < 3; ++kw)
      w00 += f[kh * 3 + kw] * image[((kh - 1) * 9 + kw - 1) * kChannels];
  }
  EXPECT_NEAR(want[0], w00, 1e-5);
}

}  // namespace test
}  // namespace phi
