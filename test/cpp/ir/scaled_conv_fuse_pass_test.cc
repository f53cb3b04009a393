// Tests of scaled_conv_fuse_pass: elementwise_mul of a feature map by a [N or 1, C, 1, 1] gate,
// read only by a 1x1 fused_conv2d, becomes one fused_scaled_conv2d whose results equal the two
// ops' exactly (the float kernel multiplying as it packs, or, on 1x1 images, making the product
// first); fetched products, other convolutions and other multiplies stop it.
#include <gtest/gtest.h>

#include "paddle/framework/attribute.h"
#include "test/cpp/ir/fusion_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {

constexpr char kPass[] = "scaled_conv_fuse_pass";

struct GateOptions {
  bool gate_is_x = true;       // elementwise_mul(gate, x) as MobileNetV3 writes it
  int64_t gate_batch = -1;     // the gate's declared batch: -1 (N) or 1
  bool gate_one_pixel = true;  // [N, 8, 1, 1]; else a full [N, 8, H, W] operand
  int64_t gate_channels = 8;   // 1: one scale per image, not per channel
  int64_t kernel = 1;
  bool residual = true;
};

// x [N, 8, H, W], g [N, 8, 1, 1] -> s = x * g -> 1x1 fused_conv2d (8 -> 6, bias, hard_swish,
// + r when residual) -> out.
framework::ProgramDesc GateProgram(const GateOptions& o) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, 8, -1, -1});
  if (o.gate_one_pixel) {
    b.Data("g", {o.gate_batch, o.gate_channels, 1, 1});
  } else {
    b.Data("g", {-1, 8, -1, -1});
  }
  b.Data("r", {-1, 6, -1, -1});
  b.Param("w", {6, 8, o.kernel, o.kernel});
  b.Param("bias", {6});
  b.Op("elementwise_mul", {{"X", {o.gate_is_x ? "g" : "x"}}, {"Y", {o.gate_is_x ? "x" : "g"}}},
       {{"Out", {"s"}}}, {MakeAttr("axis", -1)});
  std::map<std::string, std::vector<std::string>> conv_in = {
      {"Input", {"s"}}, {"Filter", {"w"}}, {"Bias", {"bias"}}};
  if (o.residual) conv_in["ResidualData"] = {"r"};
  const int pad = static_cast<int>(o.kernel / 2);
  b.Op("fused_conv2d", conv_in, {{"Output", {"out"}}},
       {MakeAttr("fuse_residual_connection", o.residual),
        MakeAttr("fuse_activation", std::string("hard_swish")),
        MakeAttr("paddings", std::vector<int>{pad, pad})});
  return p;
}

// `after` computes `out` bit for bit as `before` does on [batch, 8, size, size] inputs and a
// [gate_batch, 8, 1, 1] gate.
void ExpectExactlyTheSame(const framework::ProgramDesc& before, const framework::ProgramDesc& after,
                          int64_t batch, int64_t size, int64_t gate_batch) {
  framework::Scope params, s1, s2;
  RandomParams(before, &params, 21);
  CopyVars(params, &s1, PersistableNames(before));
  CopyVars(params, &s2, PersistableNames(after));
  const std::vector<std::pair<std::string, phi::DenseTensor>> feeds = {
      {"x", RandomFloat({batch, 8, size, size}, 22)},
      {"g", RandomFloat({gate_batch, 8, 1, 1}, 23, 0.f, 1.f)},
      {"r", RandomFloat({batch, 6, size, size}, 24)}};
  auto want = RunProgram(before, &s1, feeds, {"out"});
  auto got = RunProgram(after, &s2, feeds, {"out"});
  ExpectClose(got[0], want[0], 0.0f);
}

}  // namespace

TEST(ScaledConvFusePass, GateAndConvolutionBecomeOneOpWithTheSameBits) {
  for (bool gate_is_x : {true, false}) {
    for (int64_t gate_batch : {int64_t{-1}, int64_t{1}}) {
      GateOptions o;
      o.gate_is_x = gate_is_x, o.gate_batch = gate_batch;
      SCOPED_TRACE(std::string("gate as ") + (gate_is_x ? "X" : "Y") + ", declared batch " +
                   std::to_string(gate_batch));
      framework::ProgramDesc p = GateProgram(o);
      PassRun run = RunPassTwice(p, kPass, {"out"});
      EXPECT_TRUE(run.changed);
      EXPECT_FALSE(run.changed_again);
      ASSERT_EQ(OpTypes(*run.program), (std::vector<std::string>{"fused_scaled_conv2d"}));
      const framework::OpDesc& fused = *run.program->Block(0).Op(0);
      EXPECT_EQ(fused.Input("Input"), std::vector<std::string>{"x"});
      EXPECT_EQ(fused.Input("InputScale"), std::vector<std::string>{"g"});
      EXPECT_EQ(fused.Input("Filter"), std::vector<std::string>{"w"});
      EXPECT_EQ(fused.Input("ResidualData"), std::vector<std::string>{"r"});
      EXPECT_EQ(fused.GetAttrAs<std::string>("fuse_activation"), "hard_swish");
      EXPECT_TRUE(fused.GetAttrAs<bool>("fuse_residual_connection"));
      // 2 x 9 x 9 pixels (packed, panels across images), 2 x 40 x 40 (the eight-channel
      // packing order), 1 x 1 images (the product made first).
      const int64_t gb = gate_batch == 1 ? 1 : 2;
      ExpectExactlyTheSame(p, *run.program, 2, 9, gb);
      ExpectExactlyTheSame(p, *run.program, 2, 40, gb);
      ExpectExactlyTheSame(p, *run.program, 2, 1, gb);
    }
  }
}

TEST(ScaledConvFusePass, FetchedProductsAndOtherShapesStopIt) {
  GateOptions o;
  const framework::ProgramDesc p = GateProgram(o);
  EXPECT_FALSE(RunPassTwice(p, kPass, {"out", "s"}).changed);  // the product fetched
  GateOptions wide;
  wide.kernel = 3;  // not a 1x1 convolution
  EXPECT_FALSE(RunPassTwice(GateProgram(wide), kPass, {"out"}).changed);
  GateOptions full;
  full.gate_one_pixel = false;  // two feature maps: no gate
  EXPECT_FALSE(RunPassTwice(GateProgram(full), kPass, {"out"}).changed);
  GateOptions per_image;
  per_image.gate_channels = 1;  // [N, 1, 1, 1]: a scale per image
  EXPECT_FALSE(RunPassTwice(GateProgram(per_image), kPass, {"out"}).changed);
  GateOptions two;
  two.gate_batch = 2;  // [2, 8, 1, 1] against a map of any batch: it could broadcast the map
  EXPECT_FALSE(RunPassTwice(GateProgram(two), kPass, {"out"}).changed);
}

}  // namespace test
}  // namespace paddle
