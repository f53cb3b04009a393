// Tests of the fusion passes on tiny inference (forward-only) programs, one pass at a time with
// graph verification: the changed flag, the op sequence afterwards, numerical equality with
// the unrewritten program on random inputs, a second run changing nothing, and protected
// (fetched) or shared intermediates blocking the fusion.
#include <gtest/gtest.h>

#include "paddle/framework/attribute.h"
#include "test/cpp/ir/fusion_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;
using Feeds = std::vector<std::pair<std::string, phi::DenseTensor>>;

namespace {

std::vector<int64_t> Concrete(std::vector<int64_t> dims, int64_t batch = 3) {
  for (auto& d : dims) d = d < 0 ? batch : d;
  return dims;
}

// Runs `before` and `after` on the same feeds, each from a fresh copy of the persistable
// variables in `params`, and compares the fetched values.
void ExpectSameResults(const framework::ProgramDesc& before, const framework::ProgramDesc& after,
                       const framework::Scope& params, const Feeds& feeds,
                       const std::vector<std::string>& fetches, float tol) {
  framework::Scope s1, s2;
  CopyVars(params, &s1, PersistableNames(before));
  CopyVars(params, &s2, PersistableNames(after));
  auto want = RunProgram(before, &s1, feeds, fetches);
  auto got = RunProgram(after, &s2, feeds, fetches);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    SCOPED_TRACE(fetches[i]);
    ExpectClose(got[i], want[i], tol);
  }
}

// x -> mul / matmul_v2 (w) -> h -> elementwise_add (b) -> z [-> act -> out]
framework::ProgramDesc LinearProgram(const std::string& matmul, const std::vector<int64_t>& x_dims,
                                     const std::vector<int64_t>& w_dims, const std::string& act,
                                     int x_num_col_dims = 1, bool w_is_param = true,
                                     std::vector<framework::Attr> act_attrs = {}) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", x_dims);
  if (w_is_param) {
    b.Param("w", w_dims);
  } else {
    b.Data("w", w_dims);
  }
  b.Param("b", {w_dims[1]});
  if (matmul == "mul") {
    b.Op("mul", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"h"}}},
         {MakeAttr("x_num_col_dims", x_num_col_dims)});
  } else {
    b.Op("matmul_v2", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"h"}}});
  }
  b.Op("elementwise_add", {{"X", {"h"}}, {"Y", {"b"}}}, {{"Out", {"z"}}});
  if (!act.empty()) b.Op(act, {{"X", {"z"}}}, {{"Out", {"out"}}}, act_attrs);
  return p;
}

void ExpectLinearFusion(const framework::ProgramDesc& p, const std::string& pass,
                        const std::vector<std::string>& want_ops, const std::string& fetch,
                        const std::vector<int64_t>& x_dims, float tol = 1e-6f) {
  PassRun run = RunPassTwice(p, pass, {fetch});
  EXPECT_TRUE(run.changed);
  EXPECT_FALSE(run.changed_again);
  EXPECT_EQ(OpTypes(*run.program), want_ops);
  framework::Scope params;
  RandomParams(p, &params, 3);
  ExpectSameResults(p, *run.program, params, {{"x", RandomFloat(Concrete(x_dims), 9)}}, {fetch},
                    tol);
}

}  // namespace

// ------------------------------------------------------------------------------- fc_fuse_pass

TEST(FcFusePass, MulAddReluBecomesOneFc) {
  framework::ProgramDesc p = LinearProgram("mul", {-1, 4}, {4, 3}, "relu");
  ExpectLinearFusion(p, "fc_fuse_pass", {"fc"}, "out", {-1, 4});
  auto after = RunPassTwice(p, "fc_fuse_pass", {"out"}).program;
  const framework::OpDesc& fc = *after->Block(0).Op(0);
  EXPECT_EQ(fc.Input("Input"), std::vector<std::string>{"x"});
  EXPECT_EQ(fc.Input("Bias"), std::vector<std::string>{"b"});
  EXPECT_EQ(fc.Output("Out"), std::vector<std::string>{"out"});
  EXPECT_EQ(fc.GetAttrAs<std::string>("activation_type"), "relu");
  EXPECT_EQ(fc.GetAttrAs<int>("in_num_col_dims"), 1);
}

TEST(FcFusePass, GeluBecomesTheFcActivationWithTheSameBits) {
  // approximate = false (the default) is the exact gelu, true the tanh one; rows of 300 span
  // more than one of the epilogue's 256-wide erf blocks.
  struct Case {
    std::vector<framework::Attr> attrs;
    std::string activation;
  };
  for (const Case& c : {Case{{}, "gelu_erf"}, Case{{MakeAttr("approximate", false)}, "gelu_erf"},
                        Case{{MakeAttr("approximate", true)}, "gelu_tanh"}}) {
    SCOPED_TRACE(c.activation);
    framework::ProgramDesc p =
        LinearProgram("matmul_v2", {-1, 3, 40}, {40, 300}, "gelu", 1, true, c.attrs);
    ExpectLinearFusion(p, "fc_fuse_pass", {"fc"}, "out", {-1, 3, 40}, 0.0f);
    auto after = RunPassTwice(p, "fc_fuse_pass", {"out"}).program;
    EXPECT_EQ(after->Block(0).Op(0)->GetAttrAs<std::string>("activation_type"), c.activation);
  }
}

TEST(FcFusePass, MatmulV2OnRank3InputAndMulFlatteningRank4) {
  framework::ProgramDesc p = LinearProgram("matmul_v2", {-1, 2, 4}, {4, 3}, "");
  ExpectLinearFusion(p, "fc_fuse_pass", {"fc"}, "z", {-1, 2, 4});
  auto after = RunPassTwice(p, "fc_fuse_pass", {"z"}).program;
  EXPECT_EQ(after->Block(0).Op(0)->GetAttrAs<int>("in_num_col_dims"), 2);
  EXPECT_EQ(after->Block(0).Op(0)->GetAttrAs<std::string>("activation_type"), "");

  framework::ProgramDesc p4 = LinearProgram("mul", {-1, 2, 2, 2}, {8, 3}, "relu", 1);
  ExpectLinearFusion(p4, "fc_fuse_pass", {"fc"}, "out", {-1, 2, 2, 2});
}

TEST(FcFusePass, ProtectedSharedOrNonParameterOperandsBlockFusion) {
  framework::ProgramDesc p = LinearProgram("mul", {-1, 4}, {4, 3}, "relu");
  PassRun h_fetched = RunPassTwice(p, "fc_fuse_pass", {"out", "h"});
  EXPECT_FALSE(h_fetched.changed);
  EXPECT_EQ(OpTypes(*h_fetched.program),
            (std::vector<std::string>{"mul", "elementwise_add", "relu"}));

  // z fetched: fc without the relu.
  PassRun z_fetched = RunPassTwice(p, "fc_fuse_pass", {"out", "z"});
  EXPECT_TRUE(z_fetched.changed);
  EXPECT_EQ(OpTypes(*z_fetched.program), (std::vector<std::string>{"fc", "relu"}));
  EXPECT_EQ(z_fetched.program->Block(0).Op(0)->GetAttrAs<std::string>("activation_type"), "");
  framework::Scope params;
  RandomParams(p, &params, 4);
  ExpectSameResults(p, *z_fetched.program, params, {{"x", RandomFloat({3, 4}, 5)}}, {"out", "z"},
                    1e-6f);

  // W fed, not a parameter.
  framework::ProgramDesc fed = LinearProgram("mul", {-1, 4}, {4, 3}, "relu", 1, false);
  EXPECT_FALSE(RunPassTwice(fed, "fc_fuse_pass", {"out"}).changed);

  // h read by another op as well.
  framework::ProgramDesc shared = LinearProgram("matmul_v2", {-1, 4}, {4, 3}, "");
  ProgramBuilder(&shared).Op("scale", {{"X", {"h"}}}, {{"Out", {"h2"}}});
  EXPECT_FALSE(RunPassTwice(shared, "fc_fuse_pass", {"z", "h2"}).changed);
}

// -------------------------------------------------------------------------- conv_bn_fuse_pass

namespace {

struct ConvBnOptions {
  std::string conv = "conv2d";
  int channels_in = 2, channels_out = 3, groups = 1;
  bool conv_bias = false;
  bool is_test = true;
  bool second_conv_shares_filter = false;
};

// x -> conv (f) -> c [-> elementwise_add(cb, axis=1) -> c2] -> batch_norm -> y -> relu -> out
framework::ProgramDesc ConvBnProgram(const ConvBnOptions& o) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, o.channels_in, 5, 5});
  b.Param("f", {o.channels_out, o.channels_in / o.groups, 3, 3});
  const std::vector<framework::Attr> conv_attrs = {MakeAttr("paddings", std::vector<int>{1, 1}),
                                                   MakeAttr("groups", o.groups),
                                                   MakeAttr("strides", std::vector<int>{1, 1})};
  b.Op(o.conv, {{"Input", {"x"}}, {"Filter", {"f"}}}, {{"Output", {"c"}}}, conv_attrs);
  std::string bn_in = "c";
  if (o.conv_bias) {
    b.Param("cb", {o.channels_out});
    b.Op("elementwise_add", {{"X", {"c"}}, {"Y", {"cb"}}}, {{"Out", {"c2"}}},
         {MakeAttr("axis", 1)});
    bn_in = "c2";
  }
  for (const char* name : {"scale", "bias", "mean", "var"}) b.Param(name, {o.channels_out});
  b.Op("batch_norm",
       {{"X", {bn_in}},
        {"Scale", {"scale"}},
        {"Bias", {"bias"}},
        {"Mean", {"mean"}},
        {"Variance", {"var"}}},
       {{"Y", {"y"}},
        {"MeanOut", {"mean"}},
        {"VarianceOut", {"var"}},
        {"SavedMean", {"sm"}},
        {"SavedVariance", {"sv"}}},
       {MakeAttr("is_test", o.is_test), MakeAttr("epsilon", 1e-3f)});
  b.Op("relu", {{"X", {"y"}}}, {{"Out", {"out"}}});
  if (o.second_conv_shares_filter)
    b.Op(o.conv, {{"Input", {"x"}}, {"Filter", {"f"}}}, {{"Output", {"other"}}}, conv_attrs);
  return p;
}

void ConvBnParams(const framework::ProgramDesc& p, framework::Scope* params, uint32_t seed) {
  const int64_t channels = p.Block(0).FindVar("var")->GetShape()[0];
  *params->Var("var")->GetMutable<phi::DenseTensor>() = RandomFloat({channels}, seed, 0.5f, 1.5f);
  RandomParams(p, params, seed + 1);
}

}  // namespace

TEST(ConvBnFusePass, FoldsNormIntoFilterAndBias) {
  for (bool conv_bias : {false, true}) {
    SCOPED_TRACE(conv_bias ? "with conv bias" : "without conv bias");
    ConvBnOptions o;
    o.conv_bias = conv_bias;
    framework::ProgramDesc p = ConvBnProgram(o);
    framework::Scope params;
    ConvBnParams(p, &params, 11);
    framework::Scope reference;
    CopyVars(params, &reference, PersistableNames(p));
    const phi::DenseTensor filter_before = CopyTensor(params.FindVar("f")->Get<phi::DenseTensor>());

    PassRun run = RunPassTwice(p, "conv_bn_fuse_pass", {"out"}, &params);
    EXPECT_TRUE(run.changed);
    EXPECT_FALSE(run.changed_again);
    EXPECT_EQ(OpTypes(*run.program),
              (std::vector<std::string>{"conv2d", "elementwise_add", "relu"}));
    const framework::OpDesc& conv = *run.program->Block(0).Op(0);
    const std::string folded = conv.Input("Filter")[0];
    EXPECT_NE(folded, "f");
    EXPECT_TRUE(run.program->Block(0).FindVar(folded)->Persistable());
    const framework::OpDesc& add = *run.program->Block(0).Op(1);
    EXPECT_EQ(add.Input("X"), std::vector<std::string>{"c"});
    EXPECT_EQ(add.Output("Out"), std::vector<std::string>{"y"});
    EXPECT_EQ(add.GetAttrAs<int>("axis"), 1);
    EXPECT_TRUE(run.program->Block(0).FindVar(add.Input("Y")[0])->Persistable());
    ExpectClose(params.FindVar("f")->Get<phi::DenseTensor>(), filter_before, 0);  // untouched

    ExpectSameResults(p, *run.program, params, {{"x", RandomFloat({2, 2, 5, 5}, 12)}}, {"out"},
                      1e-5f);
  }
}

TEST(ConvBnFusePass, DepthwiseAndSharedFilter) {
  ConvBnOptions o;
  o.conv = "depthwise_conv2d";
  o.channels_in = o.channels_out = o.groups = 2;
  o.second_conv_shares_filter = true;
  framework::ProgramDesc p = ConvBnProgram(o);
  framework::Scope params;
  ConvBnParams(p, &params, 21);
  PassRun run = RunPassTwice(p, "conv_bn_fuse_pass", {"out", "other"}, &params);
  EXPECT_TRUE(run.changed);
  EXPECT_EQ(OpTypes(*run.program), (std::vector<std::string>{"depthwise_conv2d", "elementwise_add",
                                                             "relu", "depthwise_conv2d"}));
  EXPECT_EQ(run.program->Block(0).Op(3)->Input("Filter"), std::vector<std::string>{"f"});
  ExpectSameResults(p, *run.program, params, {{"x", RandomFloat({2, 2, 5, 5}, 22)}},
                    {"out", "other"}, 1e-5f);
}

TEST(ConvBnFusePass, NeedsScopeParametersTestModeAndPrivateConvOutput) {
  framework::ProgramDesc p = ConvBnProgram({});
  EXPECT_FALSE(RunPassTwice(p, "conv_bn_fuse_pass", {"out"}, nullptr).changed);
  framework::Scope partial;
  ConvBnParams(p, &partial, 31);
  partial.EraseVars({"mean"});
  EXPECT_FALSE(RunPassTwice(p, "conv_bn_fuse_pass", {"out"}, &partial).changed);

  framework::Scope params;
  ConvBnParams(p, &params, 32);
  PassRun fetched = RunPassTwice(p, "conv_bn_fuse_pass", {"out", "c"}, &params);
  EXPECT_FALSE(fetched.changed);
  EXPECT_EQ(OpTypes(*fetched.program), (std::vector<std::string>{"conv2d", "batch_norm", "relu"}));
  ConvBnOptions training;
  training.is_test = false;
  EXPECT_FALSE(
      RunPassTwice(ConvBnProgram(training), "conv_bn_fuse_pass", {"out"}, &params).changed);
}

// ------------------------------------------------------------------ fuse_elewise_add_act_pass

TEST(FuseElewiseAddActPass, AddThenActivationBecomesOneOp) {
  struct Case {
    const char* act;
    std::vector<int64_t> y_dims;
    int axis;
  };
  for (const Case& c : {Case{"sigmoid", {4}, -1}, Case{"relu", {3}, 1}, Case{"tanh", {3, 4}, -1}}) {
    SCOPED_TRACE(c.act);
    framework::ProgramDesc p;
    ProgramBuilder b(&p);
    b.Data("x", {-1, 3, 4});
    b.Data("y", c.y_dims);
    b.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"y"}}}, {{"Out", {"s"}}},
         {MakeAttr("axis", c.axis)});
    b.Op(c.act, {{"X", {"s"}}}, {{"Out", {"out"}}});
    PassRun run = RunPassTwice(p, "fuse_elewise_add_act_pass", {"out"});
    EXPECT_TRUE(run.changed);
    EXPECT_FALSE(run.changed_again);
    ASSERT_EQ(OpTypes(*run.program), std::vector<std::string>{"fused_elemwise_add_activation"});
    const framework::OpDesc& op = *run.program->Block(0).Op(0);
    EXPECT_EQ(op.GetAttrAs<std::vector<std::string>>("functor_list"),
              (std::vector<std::string>{c.act, "elementwise_add"}));
    EXPECT_EQ(op.GetAttrAs<int>("axis"), c.axis);
    EXPECT_FALSE(op.HasOutput("IntermediateOut"));  // inference: the sum is not kept
    framework::Scope params;
    ExpectSameResults(p, *run.program, params,
                      {{"x", RandomFloat({2, 3, 4}, 41)}, {"y", RandomFloat(c.y_dims, 42)}},
                      {"out"}, 0);
  }
}

TEST(FuseElewiseAddActPass, FetchedOrSharedSumBlocksFusion) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, 4});
  b.Data("y", {4});
  b.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"y"}}}, {{"Out", {"s"}}});
  b.Op("relu", {{"X", {"s"}}}, {{"Out", {"out"}}});
  EXPECT_FALSE(RunPassTwice(p, "fuse_elewise_add_act_pass", {"out", "s"}).changed);
  b.Op("scale", {{"X", {"s"}}}, {{"Out", {"s2"}}});
  PassRun shared = RunPassTwice(p, "fuse_elewise_add_act_pass", {"out", "s2"});
  EXPECT_FALSE(shared.changed);
  EXPECT_EQ(OpTypes(*shared.program),
            (std::vector<std::string>{"elementwise_add", "relu", "scale"}));
}

// --------------------------------------------------------------------------- fuse_bn_act_pass

TEST(FuseBnActPass, TrainingNormThenReluBecomesOneOp) {
  for (const char* layout : {"NCHW", "NHWC"}) {
    SCOPED_TRACE(layout);
    const bool nchw = std::string(layout) == "NCHW";
    const std::vector<int64_t> x_dims =
        nchw ? std::vector<int64_t>{-1, 3, 2, 2} : std::vector<int64_t>{-1, 2, 2, 3};
    framework::ProgramDesc p;
    ProgramBuilder b(&p);
    b.Data("x", x_dims);
    for (const char* name : {"scale", "bias", "mean", "var"}) b.Param(name, {3});
    b.Op("batch_norm",
         {{"X", {"x"}},
          {"Scale", {"scale"}},
          {"Bias", {"bias"}},
          {"Mean", {"mean"}},
          {"Variance", {"var"}}},
         {{"Y", {"y"}},
          {"MeanOut", {"mean"}},
          {"VarianceOut", {"var"}},
          {"SavedMean", {"sm"}},
          {"SavedVariance", {"sv"}}},
         {MakeAttr("data_layout", std::string(layout)), MakeAttr("momentum", 0.8f)});
    b.Op("relu", {{"X", {"y"}}}, {{"Out", {"out"}}});
    PassRun run = RunPassTwice(p, "fuse_bn_act_pass", {"out"});
    EXPECT_TRUE(run.changed);
    EXPECT_FALSE(run.changed_again);
    ASSERT_EQ(OpTypes(*run.program), std::vector<std::string>{"fused_batch_norm_act"});
    const framework::OpDesc& op = *run.program->Block(0).Op(0);
    EXPECT_EQ(op.GetAttrAs<std::string>("data_layout"), layout);
    EXPECT_FLOAT_EQ(op.GetAttrAs<float>("momentum"), 0.8f);
    EXPECT_EQ(op.Output("MeanOut"), std::vector<std::string>{"mean"});
    framework::Scope params;
    *params.Var("var")->GetMutable<phi::DenseTensor>() = RandomFloat({3}, 50, 0.5f, 1.5f);
    RandomParams(p, &params, 51);
    ExpectSameResults(p, *run.program, params, {{"x", RandomFloat(Concrete(x_dims, 4), 52)}},
                      {"out", "mean", "var", "sm", "sv"}, 0);

    PassRun fetched = RunPassTwice(p, "fuse_bn_act_pass", {"out", "y"});
    EXPECT_FALSE(fetched.changed);
  }
}

TEST(FuseBnActPass, TestModeNormIsLeftToConvBnFusion) {
  framework::ProgramDesc p = ConvBnProgram({});
  EXPECT_FALSE(RunPassTwice(p, "fuse_bn_act_pass", {"out"}).changed);
}

// -------------------------------------------------------------------- fuse_gemm_epilogue_pass

TEST(FuseGemmEpiloguePass, LinearWithActivationBecomesOneOp) {
  const framework::Attr approximate = MakeAttr("approximate", true);
  ExpectLinearFusion(LinearProgram("matmul_v2", {-1, 4}, {4, 3}, "gelu", 1, true, {approximate}),
                     "fuse_gemm_epilogue_pass", {"fused_gemm_epilogue"}, "out", {-1, 4});
  ExpectLinearFusion(LinearProgram("mul", {-1, 4}, {4, 3}, "relu"), "fuse_gemm_epilogue_pass",
                     {"fused_gemm_epilogue"}, "out", {-1, 4});
  ExpectLinearFusion(LinearProgram("matmul_v2", {-1, 2, 4}, {4, 3}, ""), "fuse_gemm_epilogue_pass",
                     {"fused_gemm_epilogue"}, "z", {-1, 2, 4});
  auto after = RunPassTwice(LinearProgram("mul", {-1, 4}, {4, 3}, "relu"),
                            "fuse_gemm_epilogue_pass", {"out"})
                   .program;
  EXPECT_EQ(after->Block(0).Op(0)->GetAttrAs<std::string>("activation"), "relu");
  EXPECT_FALSE(after->Block(0).Op(0)->HasOutput("ReserveSpace"));  // inference
}

TEST(FuseGemmEpiloguePass, ExactGeluStaysSeparateAndProtectedBlocks) {
  // The epilogue's GELU is the tanh approximation: an exact gelu is not folded in.
  framework::ProgramDesc exact = LinearProgram("matmul_v2", {-1, 4}, {4, 3}, "gelu");
  ExpectLinearFusion(exact, "fuse_gemm_epilogue_pass", {"fused_gemm_epilogue", "gelu"}, "out",
                     {-1, 4});
  framework::ProgramDesc p = LinearProgram("matmul_v2", {-1, 4}, {4, 3}, "relu");
  EXPECT_FALSE(RunPassTwice(p, "fuse_gemm_epilogue_pass", {"out", "h"}).changed);
  // fused_gemm_epilogue flattens all leading dims of X: mul must do the same.
  framework::ProgramDesc partial_flatten = LinearProgram("mul", {-1, 2, 4}, {4, 3}, "", 2);
  EXPECT_TRUE(RunPassTwice(partial_flatten, "fuse_gemm_epilogue_pass", {"z"}).changed);
  framework::ProgramDesc full_flatten = LinearProgram("mul", {-1, 2, 4}, {8, 3}, "", 1);
  EXPECT_FALSE(RunPassTwice(full_flatten, "fuse_gemm_epilogue_pass", {"z"}).changed);
}

}  // namespace test
}  // namespace paddle
