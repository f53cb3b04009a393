// Tests of the Winograd F(2x2, 3x3) and F(4x4, 3x3) convolutions (funcs/winograd_conv.h) against
// the direct one (funcs::PackedConvForward, itself tested against im2col) on shapes with odd sizes
// (a last tile half outside the plane), uneven paddings, channel counts off the GEMM's tile sizes,
// tile blocks that span images and one or two threads; and of where it applies.
#include "paddle/phi/kernels/funcs/winograd_conv.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "gtest/gtest.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/conv_gemm.h"
#include "test/cpp/phi/kernel_test_util.h"

namespace phi {
namespace test {
namespace {


funcs::ConvPlane Plane(int64_t in_h, int64_t in_w, int64_t pad_top, int64_t pad_bottom,
                       int64_t pad_left, int64_t pad_right) {
  funcs::ConvPlane p;
  p.in_h = in_h;
  p.in_w = in_w;
  p.kernel_h = p.kernel_w = 3;
  p.pad_top = pad_top;
  p.pad_left = pad_left;
  p.out_h = in_h + pad_top + pad_bottom - 2;
  p.out_w = in_w + pad_left + pad_right - 2;
  return p;
}

// c = 2 * c + 1 on every output: applied to each image's outputs once.
class TwicePlusOne : public funcs::internal::GemmEpilogue {
 public:
  void Apply(float* c, int64_t ldc, int64_t rows, int64_t cols) const override {
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t j = 0; j < cols; ++j) c[r * ldc + j] = 2.0f * c[r * ldc + j] + 1.0f;
    }
  }
};

TEST(WinogradConv, MatchesTheDirectConvolution) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  struct Case {
    int64_t batch, in_c, out_c;
    funcs::ConvPlane p;
  };
  const Case cases[] = {
      {2, 16, 16, Plane(8, 8, 1, 1, 1, 1)},
      {1, 19, 37, Plane(11, 13, 1, 1, 1, 1)},   // odd outputs: last tiles half outside
      {3, 24, 20, Plane(9, 30, 0, 2, 2, 0)},    // uneven paddings
      {2, 33, 17, Plane(10, 10, 0, 0, 0, 0)},   // no padding
      {4, 16, 40, Plane(14, 14, 1, 1, 1, 1)},   // blocks of tile rows across images
      {1, 70, 18, Plane(57, 9, 1, 1, 1, 1)},    // many tile rows, several blocks
      {2, 40, 24, Plane(7, 7, 1, 1, 1, 1)},     // 7 x 7: the last tiles half outside
      {3, 16, 16, Plane(4, 5, 1, 1, 1, 1)},     // the smallest planes it takes
      {1, 16, 24, Plane(6, 70, 1, 1, 1, 1)},    // rows of several vectors of tiles and a tail
      {2, 16, 16, Plane(130, 70, 1, 1, 1, 1)},  // blocks for both threads, with either tile
  };
  const int before = GetNumCPUThreads();
  for (int tile : {2, 4}) {
    for (int threads : {1, 2}) {
      SetNumCPUThreads(threads);
      for (const Case& t : cases) {
        ASSERT_TRUE(funcs::WinogradApplies(t.p, t.in_c, t.out_c, 1));
        const auto x = RandomFloats(t.batch * t.in_c * t.p.in_h * t.p.in_w, 1);
        const auto w = RandomFloats(t.out_c * t.in_c * 9, 2);
        const int64_t size = t.batch * t.out_c * t.p.out_h * t.p.out_w;
        std::vector<float> direct(size), wino(size, 7.0f), finished(size, 7.0f);
        funcs::PackedConvForward(x.data(), w.data(), t.batch, t.in_c, t.out_c, 1, t.p,
                                 direct.data());
        const auto u = funcs::WinogradFilter(w.data(), t.out_c, t.in_c, tile);
        ASSERT_EQ(funcs::WinogradTileOf(u), tile);
        funcs::WinogradConvForward(x.data(), t.batch, t.in_c, t.out_c, t.p, u, wino.data(),
                                   nullptr);
        const TwicePlusOne epilogue;
        funcs::WinogradConvForward(x.data(), t.batch, t.in_c, t.out_c, t.p, u, finished.data(),
                                   &epilogue);
        double scale = 0.0;
        for (float v : direct) scale = std::max(scale, static_cast<double>(std::abs(v)));
        for (int64_t i = 0; i < size; ++i) {
          // Rounding only: a few ulps of the output's scale for F(2x2); F(4x4)'s transforms
          // (coefficients up to 8, 1/24 in G) round more.
          ASSERT_NEAR(wino[i], direct[i], (tile == 2 ? 2e-6 : 1e-5) * scale)
              << "tile " << tile << " in_c=" << t.in_c << " out_c=" << t.out_c << " at " << i
              << " threads " << threads;
          ASSERT_EQ(finished[i], 2.0f * wino[i] + 1.0f) << "epilogue at " << i;
        }
      }
    }
  }
  SetNumCPUThreads(before);
}

TEST(WinogradConv, AppliesOnlyToUndilatedStrideOne3x3) {
  const funcs::ConvPlane p = Plane(16, 16, 1, 1, 1, 1);
  if (!funcs::internal::PackedSgemmUsable()) {
    EXPECT_FALSE(funcs::WinogradApplies(p, 64, 64, 1));
    return;
  }
  EXPECT_TRUE(funcs::WinogradApplies(p, 64, 64, 1));
  EXPECT_FALSE(funcs::WinogradApplies(p, 64, 64, 2));  // groups
  EXPECT_FALSE(funcs::WinogradApplies(p, 8, 64, 1));   // too few channels to pay
  funcs::ConvPlane strided = p;
  strided.stride_h = strided.stride_w = 2;
  EXPECT_FALSE(funcs::WinogradApplies(strided, 64, 64, 1));
  funcs::ConvPlane dilated = p;
  dilated.dilation_h = 2;
  EXPECT_FALSE(funcs::WinogradApplies(dilated, 64, 64, 1));
  funcs::ConvPlane wide = p;
  wide.kernel_w = 5;
  EXPECT_FALSE(funcs::WinogradApplies(wide, 64, 64, 1));
  EXPECT_TRUE(funcs::WinogradApplies(Plane(7, 7, 1, 1, 1, 1), 512, 512, 1));  // ResNet's last
  EXPECT_FALSE(funcs::WinogradApplies(Plane(3, 3, 1, 1, 1, 1), 512, 512, 1));
}

TEST(WinogradConv, TakesFourByFourTilesWhereTheyPay) {
  if (!funcs::internal::PackedSgemmUsable()) GTEST_SKIP() << "no AVX2 + FMA";
  // ResNet's 56 x 56, 28 x 28 and 14 x 14 layers; not its 7 x 7 ones (8 tiles of 4 x 4 at batch
  // 2, less than a GEMM panel), nor 10 x 10 (F(4x4) 0.81 of F(2x2)'s products).
  EXPECT_EQ(funcs::WinogradTile(Plane(56, 56, 1, 1, 1, 1), 64, 64, 1, 1), 4);
  EXPECT_EQ(funcs::WinogradTile(Plane(28, 28, 1, 1, 1, 1), 128, 128, 1, 2), 4);
  EXPECT_EQ(funcs::WinogradTile(Plane(14, 14, 1, 1, 1, 1), 256, 256, 1, 1), 4);
  EXPECT_EQ(funcs::WinogradTile(Plane(7, 7, 1, 1, 1, 1), 512, 512, 1, 2), 2);
  EXPECT_EQ(funcs::WinogradTile(Plane(7, 7, 1, 1, 1, 1), 512, 512, 1, 4), 4);
  EXPECT_EQ(funcs::WinogradTile(Plane(10, 10, 1, 1, 1, 1), 256, 256, 1, 8), 2);
  EXPECT_EQ(funcs::WinogradTile(Plane(56, 56, 1, 1, 1, 1), 64, 64, 2, 1), 0);  // groups
  const auto w = RandomFloats(16 * 16 * 9, 3);
  EXPECT_EQ(funcs::WinogradTileOf(funcs::WinogradFilter(w.data(), 16, 16, 2)), 2);
  EXPECT_EQ(funcs::WinogradTileOf(funcs::WinogradFilter(w.data(), 16, 16, 4)), 4);
  EXPECT_THROW(funcs::WinogradFilter(w.data(), 16, 16, 3), std::invalid_argument);
  EXPECT_THROW(funcs::WinogradTileOf({}), std::invalid_argument);
}

}  // namespace
}  // namespace test
}  // namespace phi
