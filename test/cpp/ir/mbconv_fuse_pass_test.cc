// Tests of mbconv_fuse_pass: [1x1 fused_conv2d or a stem ->] depthwise fused_conv2d -> 1x1
// fused_conv2d becomes one fused_mbconv whose results equal the three convolutions' exactly, both
// where its kernel computes the hidden activations in bands (large planes) and where it runs the
// three convolutions whole (small ones); fetched intermediates and unsuitable convolutions stop it.
#include <gtest/gtest.h>

#include "paddle/framework/attribute.h"
#include "test/cpp/ir/fusion_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {

constexpr char kPass[] = "mbconv_fuse_pass";

struct BlockOptions {
  int stride = 1;
  bool residual = true;
  std::string act = "relu6";
  int64_t project_kernel = 1;
  // The expansion as a stem: in_channels -> 24 with a expand_kernel x expand_kernel window of
  // stride expand_stride (padding expand_kernel / 2).
  int64_t in_channels = 8;
  int64_t expand_kernel = 1;
  int expand_stride = 1;
  // A squeeze-excitation gate between the depthwise and project convolutions (MobileNetV3's):
  // pool2d (adaptive to 1 x 1, or global) -> 1x1 24 -> 8 (relu) -> 1x1 8 -> 24 -> hard_sigmoid,
  // the project convolution reading d * gate (d as elementwise_mul's X, or as its Y).
  bool gate = false;
  bool global_pool = false;
  bool gate_as_x = false;
  int64_t depthwise_kernel = 3;
};

// x [N, 8, H, W] -> expand 1x1 (8 -> 24, bias, act) -> h -> depthwise 3x3 (24, bias, act,
// stride) -> d -> project (24 -> 8, bias, + x when residual) -> out.
framework::ProgramDesc BlockProgram(const BlockOptions& o) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, o.in_channels, -1, -1});
  b.Param("fe", {24, o.in_channels, o.expand_kernel, o.expand_kernel});
  b.Param("be", {24});
  b.Param("fd", {24, 1, o.depthwise_kernel, o.depthwise_kernel});
  b.Param("bd", {24});
  b.Param("fp", {8, 24, o.project_kernel, o.project_kernel});
  b.Param("bp", {8});
  const auto act_attrs = [&](std::vector<framework::Attr> attrs) {
    attrs.push_back(MakeAttr("fuse_activation", o.act));
    attrs.push_back(MakeAttr("fuse_beta", 6.0f));
    return attrs;
  };
  const int expand_pad = static_cast<int>(o.expand_kernel / 2);
  b.Op("fused_conv2d", {{"Input", {"x"}}, {"Filter", {"fe"}}, {"Bias", {"be"}}},
       {{"Output", {"h"}}},
       act_attrs({MakeAttr("paddings", std::vector<int>{expand_pad, expand_pad}),
                  MakeAttr("strides", std::vector<int>{o.expand_stride, o.expand_stride})}));
  b.Op("fused_conv2d", {{"Input", {"h"}}, {"Filter", {"fd"}}, {"Bias", {"bd"}}},
       {{"Output", {"d"}}},
       act_attrs({MakeAttr("groups", 24),
                  MakeAttr("paddings", std::vector<int>{static_cast<int>(o.depthwise_kernel / 2),
                                                        static_cast<int>(o.depthwise_kernel / 2)}),
                  MakeAttr("strides", std::vector<int>{o.stride, o.stride})}));
  std::string projected = "d";
  if (o.gate) {
    b.Param("fs", {8, 24, 1, 1});
    b.Param("bs", {8});
    b.Param("fx", {24, 8, 1, 1});
    b.Param("bx", {24});
    b.Op("pool2d", {{"X", {"d"}}}, {{"Out", {"pd"}}},
         {MakeAttr("pooling_type", std::string("avg")), MakeAttr("ksize", std::vector<int>{1, 1}),
          MakeAttr(o.global_pool ? "global_pooling" : "adaptive", true)});
    b.Op("fused_conv2d", {{"Input", {"pd"}}, {"Filter", {"fs"}}, {"Bias", {"bs"}}},
         {{"Output", {"sq"}}}, {MakeAttr("fuse_activation", std::string("relu"))});
    b.Op("fused_conv2d", {{"Input", {"sq"}}, {"Filter", {"fx"}}, {"Bias", {"bx"}}},
         {{"Output", {"ex"}}});
    b.Op("hard_sigmoid", {{"X", {"ex"}}}, {{"Out", {"g"}}},
         {MakeAttr("slope", 1.0f / 6.0f), MakeAttr("offset", 0.5f)});
    b.Op("elementwise_mul", {{"X", {o.gate_as_x ? "g" : "d"}}, {"Y", {o.gate_as_x ? "d" : "g"}}},
         {{"Out", {"m"}}});
    projected = "m";
  }
  std::map<std::string, std::vector<std::string>> project_in = {
      {"Input", {projected}}, {"Filter", {"fp"}}, {"Bias", {"bp"}}};
  if (o.residual) project_in["ResidualData"] = {"x"};
  b.Op("fused_conv2d", project_in, {{"Output", {"out"}}},
       {MakeAttr("fuse_residual_connection", o.residual),
        MakeAttr("paddings",
                 std::vector<int>{static_cast<int>(o.project_kernel / 2),
                                  static_cast<int>(o.project_kernel / 2)})});
  return p;
}

// `after` computes `fetch` bit for bit as `before` does, on a 2 x channels x size x size input.
void ExpectExactlyTheSame(const framework::ProgramDesc& before, const framework::ProgramDesc& after,
                          const std::string& fetch, int64_t size, int64_t channels = 8) {
  framework::Scope params, s1, s2;
  RandomParams(before, &params, 11);
  CopyVars(params, &s1, PersistableNames(before));
  CopyVars(params, &s2, PersistableNames(after));
  const std::vector<std::pair<std::string, phi::DenseTensor>> feeds = {
      {"x", RandomFloat({2, channels, size, size}, 12)}};
  auto want = RunProgram(before, &s1, feeds, {fetch});
  auto got = RunProgram(after, &s2, feeds, {fetch});
  ExpectClose(got[0], want[0], 0.0f);
}

}  // namespace

TEST(MbconvFusePass, BlocksBecomeOneOpWithTheSameBits) {
  for (const char* act_name : {"relu6", "hard_swish", ""}) {
    const std::string act = act_name;
    for (int stride : {1, 2}) {
      BlockOptions o;
      o.act = act, o.stride = stride, o.residual = stride == 1;
      SCOPED_TRACE("act '" + act + "' stride " + std::to_string(stride));
      framework::ProgramDesc p = BlockProgram(o);
      PassRun run = RunPassTwice(p, kPass, {"out"});
      EXPECT_TRUE(run.changed);
      EXPECT_FALSE(run.changed_again);
      ASSERT_EQ(OpTypes(*run.program), (std::vector<std::string>{"fused_mbconv"}));
      const framework::OpDesc& fused = *run.program->Block(0).Op(0);
      EXPECT_EQ(fused.Input("Input"), std::vector<std::string>{"x"});
      EXPECT_EQ(fused.Input("ExpandFilter"), std::vector<std::string>{"fe"});
      EXPECT_EQ(fused.Input("DepthwiseBias"), std::vector<std::string>{"bd"});
      EXPECT_EQ(fused.HasInput("ResidualData"), o.residual);
      EXPECT_EQ(fused.GetAttrAs<std::string>("depthwise_activation"), act);
      EXPECT_EQ(fused.GetAttrAs<std::vector<int>>("strides"),
                (std::vector<int>{stride, stride}));
      // 24 x 110 x 110 hidden floats per image: the kernel's bands (with two threads, each
      // image's bands on one); 24 x 9 x 9: the three convolutions whole.
      ExpectExactlyTheSame(p, *run.program, "out", 110);
      ExpectExactlyTheSame(p, *run.program, "out", 9);
    }
  }
}

TEST(MbconvFusePass, AStemTakesTheExpansionsPlaceWithTheSameBits) {
  // MobileNetV2's first block: the stem (3x3 / 2 over the image's 3 channels) then a block
  // without an expansion.
  for (int stride : {1, 2}) {
    BlockOptions o;
    o.in_channels = 3, o.expand_kernel = 3, o.expand_stride = 2;
    o.stride = stride, o.residual = false;
    SCOPED_TRACE("depthwise stride " + std::to_string(stride));
    const framework::ProgramDesc p = BlockProgram(o);
    PassRun run = RunPassTwice(p, kPass, {"out"});
    ASSERT_EQ(OpTypes(*run.program), (std::vector<std::string>{"fused_mbconv"}));
    const framework::OpDesc& fused = *run.program->Block(0).Op(0);
    EXPECT_EQ(fused.Input("ExpandFilter"), std::vector<std::string>{"fe"});
    EXPECT_EQ(fused.GetAttrAs<std::vector<int>>("expand_strides"), (std::vector<int>{2, 2}));
    EXPECT_EQ(fused.GetAttrAs<std::vector<int>>("expand_paddings"), (std::vector<int>{1, 1}));
    // 24 x 113 x 113 hidden floats per image (from 225 x 225): the bands, each computing the
    // stem's rows it needs; 24 x 10 x 10: the three convolutions whole.
    ExpectExactlyTheSame(p, *run.program, "out", 225, 3);
    ExpectExactlyTheSame(p, *run.program, "out", 20, 3);
  }
  // A window over 72 taps (8 channels x 3 x 3) is no stem for the kernel: it stays, and the
  // depthwise and project convolutions fuse without it.
  BlockOptions deep;
  deep.expand_kernel = 3, deep.expand_stride = 2, deep.residual = false;
  PassRun run = RunPassTwice(BlockProgram(deep), kPass, {"out"});
  EXPECT_EQ(OpTypes(*run.program), (std::vector<std::string>{"fused_conv2d", "fused_mbconv"}));
}

TEST(MbconvFusePass, AGatedBlockBecomesOneOpWithTheSameBits) {
  // MobileNetV3's blocks: the squeeze-excitation ops go inside fused_mbconv, whose kernel keeps
  // the depthwise output pixel-major through the gate and the projection (3x3 and 5x5 windows,
  // strides 1 and 2, the gate as either operand of the multiply, global or adaptive pooling).
  for (int64_t kernel : {3, 5}) {
    for (int stride : {1, 2}) {
      BlockOptions o;
      o.gate = true, o.act = "hard_swish", o.depthwise_kernel = kernel, o.stride = stride;
      o.residual = stride == 1, o.gate_as_x = stride == 2, o.global_pool = kernel == 5;
      SCOPED_TRACE("kernel " + std::to_string(kernel) + " stride " + std::to_string(stride));
      const framework::ProgramDesc p = BlockProgram(o);
      PassRun run = RunPassTwice(p, kPass, {"out"});
      EXPECT_FALSE(run.changed_again);
      ASSERT_EQ(OpTypes(*run.program), (std::vector<std::string>{"fused_mbconv"}));
      const framework::OpDesc& fused = *run.program->Block(0).Op(0);
      EXPECT_EQ(fused.Input("SqueezeFilter"), std::vector<std::string>{"fs"});
      EXPECT_EQ(fused.Input("ExciteBias"), std::vector<std::string>{"bx"});
      EXPECT_EQ(fused.GetAttrAs<std::string>("squeeze_activation"), "relu");
      EXPECT_FLOAT_EQ(fused.GetAttrAs<float>("gate_slope"), 1.0f / 6.0f);
      // 14 x 14 and 7 x 7 planes (MobileNetV3's late blocks), and 60 x 60 (bands of rows).
      for (int64_t size : {14, 7, 60}) ExpectExactlyTheSame(p, *run.program, "out", size);
    }
  }
  // A fetched gate, a stem before the block: nothing fuses.
  BlockOptions o;
  o.gate = true;
  const framework::ProgramDesc p = BlockProgram(o);
  EXPECT_FALSE(RunPassTwice(p, kPass, {"out", "g"}).changed);
  EXPECT_FALSE(RunPassTwice(p, kPass, {"out", "pd"}).changed);
  BlockOptions stem = o;
  stem.in_channels = 3, stem.expand_kernel = 3, stem.expand_stride = 2, stem.residual = false;
  EXPECT_FALSE(RunPassTwice(BlockProgram(stem), kPass, {"out"}).changed);
}

TEST(MbconvFusePass, FetchedIntermediatesAndOtherConvolutionsStopIt) {
  BlockOptions o;
  framework::ProgramDesc p = BlockProgram(o);
  // h fetched: the expansion stays, the depthwise and project convolutions fuse.
  PassRun h_fetched = RunPassTwice(p, kPass, {"out", "h"});
  ASSERT_EQ(OpTypes(*h_fetched.program),
            (std::vector<std::string>{"fused_conv2d", "fused_mbconv"}));
  EXPECT_FALSE(h_fetched.program->Block(0).Op(1)->HasInput("ExpandFilter"));
  EXPECT_EQ(h_fetched.program->Block(0).Op(1)->Input("Input"), std::vector<std::string>{"h"});
  ExpectExactlyTheSame(p, *h_fetched.program, "out", 110);
  ExpectExactlyTheSame(p, *h_fetched.program, "out", 9);
  // d fetched: nothing fuses.
  EXPECT_FALSE(RunPassTwice(p, kPass, {"out", "d"}).changed);
  // A 3x3 last convolution is no projection.
  BlockOptions wide;
  wide.project_kernel = 3;
  EXPECT_FALSE(RunPassTwice(BlockProgram(wide), kPass, {"out"}).changed);
}

}  // namespace test
}  // namespace paddle
