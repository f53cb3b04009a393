// funcs::ErfScaled for float (our AVX2 rational erf where the CPU has AVX2 + FMA, Eigen's
// elsewhere) against double precision's std::erf: a sweep over every 16th float of [-4.5, 4.5]
// (and the smallest ones), the special values, the scale and the tail of a length that is not
// a multiple of 8.
#include "paddle/phi/kernels/funcs/erf.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace {

float Ulp(float v) {
  const float a = std::fabs(v);
  return std::nextafter(a, std::numeric_limits<float>::infinity()) - a;
}

TEST(ErfScaled, FloatWithinSevenUlpOfTheExactErf) {
  double worst = 0;
  float worst_x = 0;
  std::vector<float> x, y;
  auto check = [&] {
    y.resize(x.size());
    phi::funcs::ErfScaled(x.data(), 1.0f, static_cast<int64_t>(x.size()), y.data());
    for (size_t i = 0; i < x.size(); ++i) {
      const double exact = std::erf(static_cast<double>(x[i]));
      const double ulps = std::fabs(y[i] - exact) / Ulp(static_cast<float>(exact));
      if (ulps > worst) {
        worst = ulps;
        worst_x = x[i];
      }
    }
    x.clear();
  };
  for (uint32_t bits = 0; bits < 0x40900000u; bits += 16) {  // up to 4.5
    float v;
    std::memcpy(&v, &bits, sizeof(v));
    x.push_back(v);
    x.push_back(-v);
    if (x.size() == (1u << 20)) check();
  }
  check();
  EXPECT_LE(worst, 7.0) << "at x = " << worst_x;
}

TEST(ErfScaled, SpecialValuesScaleAndTail) {
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> x = {std::numeric_limits<float>::quiet_NaN(),
                                inf,
                                -inf,
                                0.0f,
                                -0.0f,
                                1e-30f,
                                -1e-38f,
                                100.0f,
                                -5.0f,
                                0.5f,
                                2.0f};
  std::vector<float> y(x.size());
  phi::funcs::ErfScaled(x.data(), 1.0f, static_cast<int64_t>(x.size()), y.data());
  EXPECT_TRUE(std::isnan(y[0]));
  EXPECT_EQ(y[1], 1.0f);
  EXPECT_EQ(y[2], -1.0f);
  EXPECT_EQ(y[3], 0.0f);
  EXPECT_TRUE(std::signbit(y[4]));
  EXPECT_NEAR(y[5], 1.1283792e-30f, 1e-36f);
  EXPECT_NEAR(y[6], -1.1283792e-38f, 1e-44f);
  EXPECT_EQ(y[7], 1.0f);
  EXPECT_EQ(y[8], -1.0f);
  for (size_t i = 9; i < x.size(); ++i)  // in the tail past the last 8
    EXPECT_NEAR(y[i], std::erf(static_cast<double>(x[i])), 4e-7) << x[i];
  // erf(scale x), in place.
  std::vector<float> z = {0.25f, -1.5f, 3.0f};
  phi::funcs::ErfScaled(z.data(), 0.5f, 3, z.data());
  EXPECT_NEAR(z[0], std::erf(0.125), 4e-7);
  EXPECT_NEAR(z[1], std::erf(-0.75), 4e-7);
  EXPECT_NEAR(z[2], std::erf(1.5), 4e-7);
}

}  // namespace
