// The training fusion passes (fuse_elewise_add_act_pass, fuse_bn_act_pass,
// fuse_gemm_epilogue_pass) on programs built with AppendBackward and sgd ops: the forward and
// backward pairs are both replaced, every gradient the optimizer reads is still written, and
// several SGD steps of the fused program match the unfused ones within 1e-5.
#include <gtest/gtest.h>

#include "paddle/framework/attribute.h"
#include "test/cpp/ir/fusion_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {

constexpr int kBatch = 16;

struct TrainingCase {
  framework::ProgramDesc main;
  framework::Scope initial;  // parameters, running statistics and "lr"
  std::vector<std::pair<std::string, phi::DenseTensor>> feeds;
};

// Fills every persistable variable of the program (lr = `lr`; "var*" positive).
void InitScope(TrainingCase* c, float lr, uint32_t seed) {
  *c->initial.Var("lr")->GetMutable<phi::DenseTensor>() = FilledFloat({1}, lr);
  for (const auto* var : c->main.Block(0).AllVars()) {
    if (var->Persistable() && var->Name().rfind("var", 0) == 0)
      *c->initial.Var(var->Name())->GetMutable<phi::DenseTensor>() =
          RandomFloat(var->GetShape(), seed++, 0.5f, 1.5f);
  }
  RandomParams(c->main, &c->initial, seed, -0.5f, 0.5f);
}

// loss = mean((pred - t)^2)
void SquaredErrorLoss(ProgramBuilder* b, const std::string& pred) {
  b->Op("elementwise_sub", {{"X", {pred}}, {"Y", {"t"}}}, {{"Out", {"diff"}}});
  b->Op("elementwise_mul", {{"X", {"diff"}}, {"Y", {"diff"}}}, {{"Out", {"sq"}}});
  b->Op("mean", {{"X", {"sq"}}}, {{"Out", {"loss"}}});
}

// A three-layer MLP: matmul_v2 + add + relu, mul + add + `act2` (attrs act2_attrs),
// matmul_v2 + add, squared error, backward and sgd.
void BuildMlp(TrainingCase* c, const std::string& act2, std::vector<framework::Attr> act2_attrs) {
  ProgramBuilder b(&c->main);
  b.Data("x", {-1, 4});
  b.Data("t", {-1, 1});
  b.Param("w1", {4, 8});
  b.Param("b1", {8});
  b.Param("w2", {8, 8});
  b.Param("b2", {8});
  b.Param("w3", {8, 1});
  b.Param("b3", {1});
  b.Op("matmul_v2", {{"X", {"x"}}, {"Y", {"w1"}}}, {{"Out", {"h1"}}});
  b.Op("elementwise_add", {{"X", {"h1"}}, {"Y", {"b1"}}}, {{"Out", {"z1"}}});
  b.Op("relu", {{"X", {"z1"}}}, {{"Out", {"a1"}}});
  b.Op("mul", {{"X", {"a1"}}, {"Y", {"w2"}}}, {{"Out", {"h2"}}});
  b.Op("elementwise_add", {{"X", {"h2"}}, {"Y", {"b2"}}}, {{"Out", {"z2"}}});
  b.Op(act2, {{"X", {"z2"}}}, {{"Out", {"a2"}}}, act2_attrs);
  b.Op("matmul_v2", {{"X", {"a2"}}, {"Y", {"w3"}}}, {{"Out", {"h3"}}});
  b.Op("elementwise_add", {{"X", {"h3"}}, {"Y", {"b3"}}}, {{"Out", {"pred"}}});
  SquaredErrorLoss(&b, "pred");
  AppendSgd(&c->main, "loss", {"w1", "b1", "w2", "b2", "w3", "b3"});
  InitScope(c, 0.1f, 7);
  phi::DenseTensor x = RandomFloat({kBatch, 4}, 1);
  c->feeds = {{"x", x}, {"t", RandomFloat({kBatch, 1}, 2)}};
}

// Runs `pass` (verified) on the main program, checks it changed and converged, and compares
// `steps` SGD steps against the unfused program.
std::unique_ptr<framework::ProgramDesc> FuseAndCompare(const TrainingCase& c,
                                                       const std::string& pass, int steps = 6) {
  PassRun run = RunPassTwice(c.main, pass, {"loss"});
  EXPECT_TRUE(run.changed);
  EXPECT_FALSE(run.changed_again);
  Trained unfused = Train(c.main, c.initial, c.feeds, steps);
  Trained fused = Train(*run.program, c.initial, c.feeds, steps);
  ExpectSameTraining(fused, unfused, 1e-5f);
  return std::move(run.program);
}

// Every gradient an sgd op reads is written by some op before it.
void ExpectGradientsWritten(const framework::ProgramDesc& program) {
  std::set<std::string> written;
  for (const auto* op : program.Block(0).AllOps()) {
    if (op->Type() == "sgd") {
      for (const auto& grad : op->Input("Grad"))
        EXPECT_TRUE(written.count(grad)) << grad << " is read by sgd but never written";
    }
    for (const auto& name : op->OutputArgumentNames()) written.insert(name);
  }
}

}  // namespace

TEST(FuseElewiseAddActTraining, ForwardAndBackwardPairsFusedTrainingUnchanged) {
  for (const char* act : {"tanh", "sigmoid"}) {
    SCOPED_TRACE(act);
    TrainingCase c;
    BuildMlp(&c, act, {});
    auto fused = FuseAndCompare(c, "fuse_elewise_add_act_pass");
    // add + relu and add + act in both directions; the last add has no activation.
    EXPECT_EQ(CountOps(*fused, "fused_elemwise_add_activation"), 2);
    EXPECT_EQ(CountOps(*fused, "fused_elemwise_add_activation_grad"), 2);
    for (const std::string& type :
         std::vector<std::string>{"relu", "relu_grad", act, std::string(act) + "_grad"})
      EXPECT_EQ(CountOps(*fused, type), 0) << type;
    EXPECT_EQ(CountOps(*fused, "elementwise_add"), 1);
    EXPECT_EQ(CountOps(*fused, "elementwise_add_grad"), 1);
    ExpectGradientsWritten(*fused);
  }
}

TEST(FuseElewiseAddActTraining, FetchedSumStaysFetchedGradientBlocks) {
  TrainingCase c;
  BuildMlp(&c, "tanh", {});
  // In training the sum is kept (IntermediateOut, read by the grad): fetching it is fine.
  PassRun sum_fetched = RunPassTwice(c.main, "fuse_elewise_add_act_pass", {"loss", "z1"});
  EXPECT_EQ(CountOps(*sum_fetched.program, "fused_elemwise_add_activation"), 2);
  const framework::OpDesc* first = sum_fetched.program->Block(0).Op(1);
  ASSERT_EQ(first->Type(), "fused_elemwise_add_activation");
  EXPECT_EQ(first->Output("IntermediateOut"), std::vector<std::string>{"z1"});
  // Its gradient would vanish: that pair stays as it is.
  PassRun grad_fetched = RunPassTwice(c.main, "fuse_elewise_add_act_pass", {"loss", "z1@GRAD"});
  EXPECT_EQ(CountOps(*grad_fetched.program, "fused_elemwise_add_activation"), 1);  // layer 2
  EXPECT_EQ(CountOps(*grad_fetched.program, "relu"), 1);
  EXPECT_EQ(CountOps(*grad_fetched.program, "relu_grad"), 1);
  Trained unfused = Train(c.main, c.initial, c.feeds, 3);
  Trained fused = Train(*grad_fetched.program, c.initial, c.feeds, 3);
  ExpectSameTraining(fused, unfused, 1e-5f);
}

TEST(FuseGemmEpilogueTraining, LinearLayersFusedTrainingUnchanged) {
  struct Case {
    const char* act;
    std::vector<framework::Attr> attrs;
  };
  for (const Case& k : {Case{"gelu", {MakeAttr("approximate", true)}}, Case{"relu", {}}}) {
    SCOPED_TRACE(k.act);
    TrainingCase c;
    BuildMlp(&c, k.act, k.attrs);
    auto fused = FuseAndCompare(c, "fuse_gemm_epilogue_pass");
    EXPECT_EQ(OpTypes(*fused).front(), "fused_gemm_epilogue");
    EXPECT_EQ(CountOps(*fused, "fused_gemm_epilogue"), 3);
    EXPECT_EQ(CountOps(*fused, "fused_gemm_epilogue_grad"), 3);
    for (const char* type :
         {"matmul_v2", "mul", "elementwise_add", "relu", "gelu", "matmul_v2_grad", "mul_grad",
          "elementwise_add_grad", "relu_grad", "gelu_grad"})
      EXPECT_EQ(CountOps(*fused, type), 0) << type;
    ExpectGradientsWritten(*fused);
  }
}

TEST(FuseGemmEpilogueTraining, ExactGeluLayerFusesWithoutItsActivation) {
  TrainingCase c;
  BuildMlp(&c, "gelu", {});
  auto fused = FuseAndCompare(c, "fuse_gemm_epilogue_pass");
  EXPECT_EQ(CountOps(*fused, "fused_gemm_epilogue"), 3);
  EXPECT_EQ(CountOps(*fused, "gelu"), 1);
  EXPECT_EQ(CountOps(*fused, "gelu_grad"), 1);
}

TEST(FcFusePass, LeavesTrainingProgramsAlone) {
  // The grad ops read the linear layers' intermediates: fc is for inference programs.
  TrainingCase c;
  BuildMlp(&c, "relu", {});
  PassRun run = RunPassTwice(c.main, "fc_fuse_pass", {"loss"});
  EXPECT_FALSE(run.changed);
  EXPECT_EQ(OpTypes(*run.program), OpTypes(c.main));
}

namespace {

// conv -> batch_norm -> relu, twice, then a squared error.
void BuildConvBn(TrainingCase* c) {
  ProgramBuilder b(&c->main);
  b.Data("x", {-1, 2, 4, 4});
  b.Data("t", {-1, 2, 4, 4});
  const std::vector<framework::Attr> same = {MakeAttr("paddings", std::vector<int>{1, 1})};
  b.Param("f1", {3, 2, 3, 3});
  b.Param("f2", {2, 3, 3, 3});
  std::string in = "x";
  for (int layer = 1; layer <= 2; ++layer) {
    const std::string l = std::to_string(layer);
    const int64_t channels = layer == 1 ? 3 : 2;
    b.Op("conv2d", {{"Input", {in}}, {"Filter", {"f" + l}}}, {{"Output", {"c" + l}}}, same);
    for (const std::string name : {"scale", "bias", "mean", "var"}) b.Param(name + l, {channels});
    for (const std::string name : {"mean", "var"})
      b.block()->FindVar(name + l)->SetStopGradient(true);
    b.Op("batch_norm",
         {{"X", {"c" + l}},
          {"Scale", {"scale" + l}},
          {"Bias", {"bias" + l}},
          {"Mean", {"mean" + l}},
          {"Variance", {"var" + l}}},
         {{"Y", {"y" + l}},
          {"MeanOut", {"mean" + l}},
          {"VarianceOut", {"var" + l}},
          {"SavedMean", {"sm" + l}},
          {"SavedVariance", {"sv" + l}}},
         {MakeAttr("momentum", 0.9f)});
    b.Op("relu", {{"X", {"y" + l}}}, {{"Out", {"a" + l}}});
    in = "a" + l;
  }
  SquaredErrorLoss(&b, "a2");
  AppendSgd(&c->main, "loss", {"f1", "f2", "scale1", "bias1", "scale2", "bias2"});
  InitScope(c, 0.05f, 13);
  c->feeds = {{"x", RandomFloat({4, 2, 4, 4}, 3)}, {"t", RandomFloat({4, 2, 4, 4}, 4, 0.f, 1.f)}};
}

}  // namespace

TEST(FuseBnActTraining, NormReluPairsFusedTrainingUnchanged) {
  TrainingCase c;
  BuildConvBn(&c);
  auto fused = FuseAndCompare(c, "fuse_bn_act_pass");
  EXPECT_EQ(CountOps(*fused, "fused_batch_norm_act"), 2);
  EXPECT_EQ(CountOps(*fused, "fused_batch_norm_act_grad"), 2);
  for (const char* type : {"batch_norm", "relu", "batch_norm_grad", "relu_grad"})
    EXPECT_EQ(CountOps(*fused, type), 0) << type;
  ExpectGradientsWritten(*fused);
}

TEST(FuseBnActTraining, FetchedNormOutputKeepsTheUnfusedPair) {
  TrainingCase c;
  BuildConvBn(&c);
  PassRun run = RunPassTwice(c.main, "fuse_bn_act_pass", {"loss", "y2"});
  EXPECT_TRUE(run.changed);
  EXPECT_EQ(CountOps(*run.program, "fused_batch_norm_act"), 1);
  EXPECT_EQ(CountOps(*run.program, "batch_norm_grad"), 1);
  Trained unfused = Train(c.main, c.initial, c.feeds, 3);
  Trained fused = Train(*run.program, c.initial, c.feeds, 3);
  ExpectSameTraining(fused, unfused, 1e-5f);
}

}  // namespace test
}  // namespace paddle
