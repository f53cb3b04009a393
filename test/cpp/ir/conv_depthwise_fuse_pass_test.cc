// Tests of conv_depthwise_fuse_pass: a fused_conv2d over few channels (a stem) whose output only
// a depthwise fused_conv2d of stride 2 reads becomes one fused_conv_depthwise whose results equal
// the two convolutions' exactly (its float kernel never storing the first output whole); fetched
// intermediates, depthwise convolutions of other strides and convolutions outside the kernel's
// bounds stop it.
#include <gtest/gtest.h>

#include "paddle/framework/attribute.h"
#include "test/cpp/ir/fusion_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {

constexpr char kPass[] = "conv_depthwise_fuse_pass";

struct StemOptions {
  int64_t channels = 12;  // not a multiple of 8: the kernel's last vector is partly padding
  int64_t in_channels = 3;
  int64_t kernel = 3;
  int stride = 2;
  int dw_stride = 2;
  int64_t dw_kernel = 3;
  std::string act = "hard_swish";
  std::string dw_act = "relu";
  bool bias = true;
  int groups = 1;
};

// x [N, in_channels, H, W] -> conv (kernel, stride, padding kernel / 2, bias, act) -> h ->
// depthwise (dw_kernel, dw_stride, padding dw_kernel / 2, bias, dw_act) -> out.
framework::ProgramDesc StemProgram(const StemOptions& o) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, o.in_channels, -1, -1});
  b.Param("w", {o.channels, o.in_channels / o.groups, o.kernel, o.kernel});
  b.Param("b", {o.channels});
  b.Param("wd", {o.channels, 1, o.dw_kernel, o.dw_kernel});
  b.Param("bd", {o.channels});
  const int pad = static_cast<int>(o.kernel / 2), dw_pad = static_cast<int>(o.dw_kernel / 2);
  std::map<std::string, std::vector<std::string>> conv_in = {{"Input", {"x"}}, {"Filter", {"w"}}};
  std::map<std::string, std::vector<std::string>> dw_in = {{"Input", {"h"}}, {"Filter", {"wd"}}};
  if (o.bias) {
    conv_in["Bias"] = {"b"};
    dw_in["Bias"] = {"bd"};
  }
  b.Op("fused_conv2d", conv_in, {{"Output", {"h"}}},
       {MakeAttr("fuse_activation", o.act), MakeAttr("fuse_beta", 6.0f),
        MakeAttr("groups", o.groups), MakeAttr("paddings", std::vector<int>{pad, pad}),
        MakeAttr("strides", std::vector<int>{o.stride, o.stride})});
  b.Op("fused_conv2d", dw_in, {{"Output", {"out"}}},
       {MakeAttr("fuse_activation", o.dw_act), MakeAttr("fuse_beta", 6.0f),
        MakeAttr("groups", static_cast<int>(o.channels)),
        MakeAttr("paddings", std::vector<int>{dw_pad, dw_pad}),
        MakeAttr("strides", std::vector<int>{o.dw_stride, o.dw_stride})});
  return p;
}

// `after` computes `out` bit for bit as `before` does on [batch, in_channels, size, size].
void ExpectExactlyTheSame(const framework::ProgramDesc& before, const framework::ProgramDesc& after,
                          int64_t batch, int64_t in_channels, int64_t size) {
  framework::Scope params, s1, s2;
  RandomParams(before, &params, 31);
  CopyVars(params, &s1, PersistableNames(before));
  CopyVars(params, &s2, PersistableNames(after));
  const std::vector<std::pair<std::string, phi::DenseTensor>> feeds = {
      {"x", RandomFloat({batch, in_channels, size, size}, 32)}};
  auto want = RunProgram(before, &s1, feeds, {"out"});
  auto got = RunProgram(after, &s2, feeds, {"out"});
  ExpectClose(got[0], want[0], 0.0f);
}

}  // namespace

TEST(ConvDepthwiseFusePass, StemAndDepthwiseBecomeOneOpWithTheSameBits) {
  for (const char* act : {"hard_swish", "relu6", ""}) {
    for (int64_t channels : {int64_t{12}, int64_t{16}, int64_t{40}}) {
      StemOptions o;
      o.act = act;
      o.dw_act = std::string(act) == "relu6" ? "relu6" : "relu";
      o.channels = channels;
      o.bias = channels != 40;
      SCOPED_TRACE(std::string("act '") + act + "', " + std::to_string(channels) + " channels");
      const framework::ProgramDesc p = StemProgram(o);
      PassRun run = RunPassTwice(p, kPass, {"out"});
      EXPECT_TRUE(run.changed);
      EXPECT_FALSE(run.changed_again);
      ASSERT_EQ(OpTypes(*run.program), (std::vector<std::string>{"fused_conv_depthwise"}));
      const framework::OpDesc& fused = *run.program->Block(0).Op(0);
      EXPECT_EQ(fused.Input("Input"), std::vector<std::string>{"x"});
      EXPECT_EQ(fused.Input("Filter"), std::vector<std::string>{"w"});
      EXPECT_EQ(fused.Input("DepthwiseFilter"), std::vector<std::string>{"wd"});
      EXPECT_EQ(fused.Input("Bias").empty(), !o.bias);
      EXPECT_EQ(fused.GetAttrAs<std::string>("fuse_activation"), act);
      EXPECT_EQ(fused.GetAttrAs<std::string>("depthwise_activation"), o.dw_act);
      EXPECT_EQ(fused.GetAttrAs<std::vector<int>>("depthwise_strides"), (std::vector<int>{2, 2}));
      // Odd and even sizes (the last window column inside or on padding), one image and three.
      ExpectExactlyTheSame(p, *run.program, 2, 3, 33);
      ExpectExactlyTheSame(p, *run.program, 1, 3, 20);
      ExpectExactlyTheSame(p, *run.program, 3, 3, 9);
    }
  }
  StemOptions other;  // a 5x5 depthwise window after a 5x5 stride-1 convolution
  other.kernel = 5, other.stride = 1, other.dw_kernel = 5;
  other.in_channels = 2;
  const framework::ProgramDesc p = StemProgram(other);
  PassRun run = RunPassTwice(p, kPass, {"out"});
  ASSERT_EQ(OpTypes(*run.program), (std::vector<std::string>{"fused_conv_depthwise"}));
  ExpectExactlyTheSame(p, *run.program, 2, 2, 17);
}

TEST(ConvDepthwiseFusePass, FetchedIntermediatesAndOtherShapesStopIt) {
  StemOptions o;
  EXPECT_FALSE(RunPassTwice(StemProgram(o), kPass, {"out", "h"}).changed);  // h fetched
  StemOptions stride_one;
  stride_one.dw_stride = 1;  // the depthwise output as large as the first: no gain
  EXPECT_FALSE(RunPassTwice(StemProgram(stride_one), kPass, {"out"}).changed);
  StemOptions stride_three;
  stride_three.dw_stride = 3;  // summed without FMAs by the depthwise kernel
  EXPECT_FALSE(RunPassTwice(StemProgram(stride_three), kPass, {"out"}).changed);
  StemOptions seven;
  seven.dw_kernel = 7;
  EXPECT_FALSE(RunPassTwice(StemProgram(seven), kPass, {"out"}).changed);
  StemOptions pointwise;
  pointwise.kernel = 1, pointwise.stride = 1;  // 1x1 then depthwise: fused_mbconv's
  EXPECT_FALSE(RunPassTwice(StemProgram(pointwise), kPass, {"out"}).changed);
  StemOptions wide;
  wide.channels = 72;  // more channels than the kernel holds
  EXPECT_FALSE(RunPassTwice(StemProgram(wide), kPass, {"out"}).changed);
  StemOptions deep;
  deep.in_channels = 8;  // 8 x 3 x 3 = 72 taps
  EXPECT_FALSE(RunPassTwice(StemProgram(deep), kPass, {"out"}).changed);
  StemOptions grouped;
  grouped.in_channels = 4, grouped.channels = 16, grouped.groups = 2;
  EXPECT_FALSE(RunPassTwice(StemProgram(grouped), kPass, {"out"}).changed);
}

}  // namespace test
}  // namespace paddle
