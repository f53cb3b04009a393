// Tests of conv_elementwise_add_act_fuse_pass: conv2d (+ bias) (+ residual) (+ relu / relu6)
// chains become one fused_conv2d whose results equal the unfused program's exactly (the epilogue
// does the same float operations in the same order); fetched or shared intermediates, NHWC and
// non-parameter biases stop the chain where the unfused ops must stay.
#include <gtest/gtest.h>

#include "paddle/framework/attribute.h"
#include "test/cpp/ir/fusion_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {

constexpr char kPass[] = "conv_elementwise_add_act_fuse_pass";

struct ChainOptions {
  std::string conv = "conv2d";
  int channels = 4, groups = 1;
  bool bias = true, residual = true;
  bool reshaped_bias = false;  // b reshaped to [1, C, 1, 1] and added with axis -1
  std::string act = "relu";
  std::string data_format = "NCHW";
};

// x -> conv (f) -> c [-> elementwise_add(b, axis 1) -> cb] [-> elementwise_add(r) -> cr]
//   [-> act -> out]; r = scale(x) is the residual (x has the conv output's shape).
framework::ProgramDesc ChainProgram(const ChainOptions& o) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  const std::vector<int64_t> shape = o.data_format == "NHWC"
                                         ? std::vector<int64_t>{-1, 6, 6, o.channels}
                                         : std::vector<int64_t>{-1, o.channels, 6, 6};
  b.Data("x", shape);
  b.Param("f", {o.channels, o.channels / o.groups, 3, 3});
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"r"}}}, {MakeAttr("scale", 0.5f)});
  b.Op(o.conv, {{"Input", {"x"}}, {"Filter", {"f"}}}, {{"Output", {"c"}}},
       {MakeAttr("paddings", std::vector<int>{1, 1}), MakeAttr("groups", o.groups),
        MakeAttr("strides", std::vector<int>{1, 1}), MakeAttr("data_format", o.data_format)});
  p.Block(0).FindVar("c")->SetShape(shape);
  std::string cur = "c";
  if (o.bias) {
    b.Param("b", {o.channels});
    std::string y = "b";
    if (o.reshaped_bias) {
      b.Op("reshape2", {{"X", {"b"}}}, {{"Out", {"b4"}}, {"XShape", {"b4_xshape"}}},
           {MakeAttr("shape", std::vector<int>{1, o.channels, 1, 1})});
      p.Block(0).FindVar("b4")->SetShape({1, o.channels, 1, 1});
      y = "b4";
    }
    b.Op("elementwise_add", {{"X", {cur}}, {"Y", {y}}}, {{"Out", {"cb"}}},
         {MakeAttr("axis", o.reshaped_bias ? -1 : 1)});
    p.Block(0).FindVar("cb")->SetShape(shape);
    cur = "cb";
  }
  if (o.residual) {
    p.Block(0).FindVar("r")->SetShape(shape);
    b.Op("elementwise_add", {{"X", {"r"}}, {"Y", {cur}}}, {{"Out", {"cr"}}});
    cur = "cr";
  }
  if (!o.act.empty()) {
    std::vector<framework::Attr> attrs;
    if (o.act == "relu6") attrs.push_back(MakeAttr("threshold", 0.25f));
    b.Op(o.act, {{"X", {cur}}}, {{"Out", {"out"}}}, attrs);
    cur = "out";
  }
  return p;
}

std::string Last(const ChainOptions& o) {
  return !o.act.empty() ? "out" : (o.residual ? "cr" : (o.bias ? "cb" : "c"));
}

void ExpectExactlyTheSame(const framework::ProgramDesc& before, const framework::ProgramDesc& after,
                          const std::string& fetch) {
  framework::Scope params, s1, s2;
  RandomParams(before, &params, 5);
  CopyVars(params, &s1, PersistableNames(before));
  CopyVars(params, &s2, PersistableNames(after));
  const std::vector<std::pair<std::string, phi::DenseTensor>> feeds = {
      {"x", RandomFloat({2, 4, 6, 6}, 6)}};
  auto want = RunProgram(before, &s1, feeds, {fetch});
  auto got = RunProgram(after, &s2, feeds, {fetch});
  ExpectClose(got[0], want[0], 0.0f);
}

}  // namespace

TEST(ConvElementwiseAddActFusePass, WholeChainsBecomeOneFusedConv) {
  for (const std::string& act : {"relu", "relu6", "hard_swish", ""}) {
    for (bool bias : {true, false}) {
      for (bool residual : {true, false}) {
        ChainOptions o;
        o.act = act, o.bias = bias, o.residual = residual;
        if (!bias && !residual && act.empty()) continue;
        SCOPED_TRACE("act '" + act + "' bias " + std::to_string(bias) + " residual " +
                     std::to_string(residual));
        framework::ProgramDesc p = ChainProgram(o);
        PassRun run = RunPassTwice(p, kPass, {Last(o)});
        EXPECT_TRUE(run.changed);
        EXPECT_FALSE(run.changed_again);
        EXPECT_EQ(OpTypes(*run.program), (std::vector<std::string>{"scale", "fused_conv2d"}));
        const framework::OpDesc& fused = *run.program->Block(0).Op(1);
        EXPECT_EQ(fused.Input("Input"), std::vector<std::string>{"x"});
        EXPECT_EQ(fused.HasInput("Bias"), bias);
        EXPECT_EQ(fused.HasInput("ResidualData"), residual);
        EXPECT_EQ(fused.GetAttrAs<bool>("fuse_residual_connection"), residual);
        EXPECT_EQ(fused.GetAttrAs<std::string>("fuse_activation"), act);
        EXPECT_EQ(fused.GetAttrAs<std::vector<int>>("paddings"), (std::vector<int>{1, 1}));
        if (act == "relu6") EXPECT_EQ(fused.GetAttrAs<float>("fuse_beta"), 0.25f);
        EXPECT_EQ(fused.Output("Output"), std::vector<std::string>{Last(o)});
        ExpectExactlyTheSame(p, *run.program, Last(o));
      }
    }
  }
}

TEST(ConvElementwiseAddActFusePass, BiasReshapedToFourDimensionsAsPaddleExportsIt) {
  // MobileNetV3's squeeze-excitation convs: conv + reshape2(bias) + add(axis -1) + relu.
  ChainOptions o;
  o.reshaped_bias = true, o.residual = false;
  framework::ProgramDesc p = ChainProgram(o);
  PassRun run = RunPassTwice(p, kPass, {"out"});
  EXPECT_TRUE(run.changed);
  EXPECT_FALSE(run.changed_again);
  EXPECT_EQ(OpTypes(*run.program),
            (std::vector<std::string>{"scale", "reshape2", "fused_conv2d"}));  // DCE drops it
  const framework::OpDesc& fused = *run.program->Block(0).Op(2);
  EXPECT_EQ(fused.Input("Bias"), std::vector<std::string>{"b"});
  ExpectExactlyTheSame(p, *run.program, "out");
}

TEST(ConvElementwiseAddActFusePass, DepthwiseAndGroupedConvolutions) {
  for (const std::string& conv : {"depthwise_conv2d", "conv2d"}) {
    ChainOptions o;
    o.conv = conv;
    o.groups = conv == "conv2d" ? 2 : 4;
    o.act = "relu6";
    framework::ProgramDesc p = ChainProgram(o);
    PassRun run = RunPassTwice(p, kPass, {"out"});
    EXPECT_TRUE(run.changed) << conv;
    ExpectExactlyTheSame(p, *run.program, "out");
  }
}

TEST(ConvElementwiseAddActFusePass, FetchedSharedOrUnsuitableLinksStopTheChain) {
  ChainOptions o;
  framework::ProgramDesc p = ChainProgram(o);
  // cb fetched: conv + bias fuse, the residual add and relu stay.
  PassRun cb_fetched = RunPassTwice(p, kPass, {"out", "cb"});
  EXPECT_EQ(OpTypes(*cb_fetched.program),
            (std::vector<std::string>{"scale", "fused_conv2d", "elementwise_add", "relu"}));
  ExpectExactlyTheSame(p, *cb_fetched.program, "out");
  // c fetched: nothing fuses.
  EXPECT_FALSE(RunPassTwice(p, kPass, {"out", "c"}).changed);

  // c read by a second op.
  framework::ProgramDesc shared = ChainProgram(o);
  ProgramBuilder(&shared).Op("scale", {{"X", {"c"}}}, {{"Out", {"c2"}}});
  EXPECT_FALSE(RunPassTwice(shared, kPass, {"out", "c2"}).changed);

  // NHWC is left alone (a bias add's axis 1 would not be the channels).
  ChainOptions nhwc;
  nhwc.data_format = "NHWC";
  nhwc.bias = false;
  EXPECT_FALSE(RunPassTwice(ChainProgram(nhwc), kPass, {"out"}).changed);

  // A bias that is no parameter (fed) does not fuse as a bias; the chain then has nothing after
  // the conv it may take, since the add is no residual of the output's shape either.
  framework::ProgramDesc fed_bias;
  ProgramBuilder b(&fed_bias);
  b.Data("x", {-1, 4, 6, 6});
  b.Param("f", {4, 4, 3, 3});
  b.Data("b", {4});
  b.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"f"}}}, {{"Output", {"c"}}},
       {MakeAttr("paddings", std::vector<int>{1, 1})});
  b.Op("elementwise_add", {{"X", {"c"}}, {"Y", {"b"}}}, {{"Out", {"cb"}}}, {MakeAttr("axis", 1)});
  EXPECT_FALSE(RunPassTwice(fed_bias, kPass, {"cb"}).changed);
}

}  // namespace test
}  // namespace paddle
