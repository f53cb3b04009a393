// Automatic differentiation of programs: grad ops from the records' grad specs (default and
// custom forms), AppendBackward's summing of several contributions, stop_gradient and
// no-grad sets, pruning of ops that cannot reach the target, and gradient values of small
// programs run by the executor against hand-computed derivatives.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "paddle/executor/executor.h"
#include "paddle/framework/backward.h"
#include "paddle/phi/core/device_context.h"
#include "test/cpp/executor/program_builder.h"

namespace paddle {
namespace framework {
namespace {

using Names = std::vector<std::string>;

OpDesc AddOp() {
  OpDesc fwd("elementwise_add");
  fwd.SetInput("X", {"a"});
  fwd.SetInput("Y", {"b"});
  fwd.SetOutput("Out", {"c"});
  fwd.SetAttr("axis", 1);
  return fwd;
}

TEST(MakeGradOps, ElementwiseAddDefaultForm) {
  auto ops = MakeGradOps(AddOp(), {});
  ASSERT_EQ(ops.size(), 1u);
  const OpDesc& g = *ops[0];
  EXPECT_EQ(g.Type(), "elementwise_add_grad");
  EXPECT_EQ(g.Input("X"), Names{"a"});
  EXPECT_EQ(g.Input("Y"), Names{"b"});
  EXPECT_EQ(g.Input("Out@GRAD"), Names{"c@GRAD"});
  EXPECT_EQ(g.Output("X@GRAD"), Names{"a@GRAD"});
  EXPECT_EQ(g.Output("Y@GRAD"), Names{"b@GRAD"});
  EXPECT_EQ(g.GetAttrAs<int>("axis"), 1);
}

TEST(MakeGradOps, NoGradInputGetsEmptySlot) {
  auto ops = MakeGradOps(AddOp(), {"b"});
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0]->Output("X@GRAD"), Names{"a@GRAD"});
  EXPECT_EQ(ops[0]->Output("Y@GRAD"), Names{kEmptyVarName});
  EXPECT_EQ(std::string(kEmptyVarName), "@EMPTY@");
  // No gradient wanted at all: no grad op.
  EXPECT_TRUE(MakeGradOps(AddOp(), {"a", "b"}).empty());
}

TEST(MakeGradOps, ScaleCustomGradIsScaleWithZeroBias) {
  OpDesc fwd("scale");
  fwd.SetInput("X", {"in"});
  fwd.SetOutput("Out", {"out"});
  fwd.SetAttr("scale", 3.5f);
  fwd.SetAttr("bias", 2.0f);
  fwd.SetAttr("bias_after_scale", false);
  fwd.SetAttr("op_callstack", std::vector<std::string>{"model.py:7"});
  auto ops = MakeGradOps(fwd, {});
  ASSERT_EQ(ops.size(), 1u);
  const OpDesc& g = *ops[0];
  EXPECT_EQ(g.Type(), "scale");
  EXPECT_EQ(g.Input("X"), Names{"out@GRAD"});
  EXPECT_EQ(g.Output("Out"), Names{"in@GRAD"});
  EXPECT_FLOAT_EQ(g.GetAttrAs<float>("scale"), 3.5f);
  EXPECT_FLOAT_EQ(g.GetAttrAs<float>("bias"), 0.0f);
  EXPECT_TRUE(g.GetAttrAs<bool>("bias_after_scale"));
  EXPECT_EQ(g.GetAttrAs<std::vector<std::string>>("op_callstack"), Names{"model.py:7"});
}

TEST(MakeGradOps, NonDifferentiableOpsGetNone) {
  OpDesc fill("fill_constant");
  fill.SetOutput("Out", {"c"});
  EXPECT_TRUE(MakeGradOps(fill, {}).empty());
  OpDesc unknown("not_a_registered_op");
  unknown.SetInput("X", {"a"});
  EXPECT_TRUE(MakeGradOps(unknown, {}).empty());
}

TEST(MakeGradOps, SumGetsOneScalePerWantedInput) {
  OpDesc fwd("sum");
  fwd.SetInput("X", {"a", "b", "c"});
  fwd.SetOutput("Out", {"s"});
  auto ops = MakeGradOps(fwd, {"b"});
  ASSERT_EQ(ops.size(), 2u);
  for (const auto& op : ops) {
    EXPECT_EQ(op->Type(), "scale");
    EXPECT_EQ(op->Input("X"), Names{"s@GRAD"});
    EXPECT_FLOAT_EQ(op->GetAttrAs<float>("scale"), 1.0f);
  }
  EXPECT_EQ(ops[0]->Output("Out"), Names{"a@GRAD"});
  EXPECT_EQ(ops[1]->Output("Out"), Names{"c@GRAD"});
}

TEST(MakeGradOps, GradNameFunctionNamesEveryGradient) {
  auto ops = MakeGradOps(AddOp(), {}, [](const std::string& v) { return "g(" + v + ")"; });
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0]->Input("X"), Names{"a"});
  EXPECT_EQ(ops[0]->Input("Out@GRAD"), Names{"g(c)"});
  EXPECT_EQ(ops[0]->Output("X@GRAD"), Names{"g(a)"});
  EXPECT_EQ(ops[0]->Output("Y@GRAD"), Names{"g(b)"});
}

std::vector<const OpDesc*> OpsOfType(const BlockDesc& block, const std::string& type) {
  std::vector<const OpDesc*> out;
  for (const OpDesc* op : block.AllOps())
    if (op->Type() == type) out.push_back(op);
  return out;
}

bool AnyOpWrites(const BlockDesc& block, const std::string& name) {
  for (const OpDesc* op : block.AllOps()) {
    Names outs = op->OutputArgumentNames();
    if (std::find(outs.begin(), outs.end(), name) != outs.end()) return true;
  }
  return false;
}

phi::DenseTensor Tensor(const std::vector<float>& values, const phi::DDim& dims) {
  phi::DenseTensor t(phi::DataType::FLOAT32, dims);
  float* data = phi::CPUContext::Default().Alloc<float>(&t);
  std::copy(values.begin(), values.end(), data);
  return t;
}

void ExpectValues(const phi::DenseTensor& t, const std::vector<float>& expected,
                  const std::string& what) {
  ASSERT_EQ(t.numel(), static_cast<int64_t>(expected.size())) << what;
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_NEAR(t.data<float>()[i], expected[i], 1e-5f) << what << "[" << i << "]";
}

// w [2, 2]; loss = mean(scale(w, 2) + scale(w, 3)): w feeds two ops.
ProgramDesc TwoUsesProgram() {
  ProgramDesc program;
  test::ProgramBuilder b(&program);
  b.Param("w", {2, 2});
  b.Op("scale", {{"X", {"w"}}}, {{"Out", {"y1"}}}, {MakeAttr("scale", 2.0f)});
  b.Op("scale", {{"X", {"w"}}}, {{"Out", {"y2"}}}, {MakeAttr("scale", 3.0f)});
  b.Op("elementwise_add", {{"X", {"y1"}}, {"Y", {"y2"}}}, {{"Out", {"z"}}});
  b.Op("mean", {{"X", {"z"}}}, {{"Out", {"loss"}}});
  return program;
}

TEST(AppendBackward, VariableWithTwoUsesGetsSumOfRenamedContributions) {
  ProgramDesc program = TwoUsesProgram();
  BlockDesc* block = program.MutableBlock(0);
  const size_t forward_ops = block->OpSize();
  auto grads = AppendBackward(block, {"loss"}, {}, {});
  ASSERT_TRUE(grads.count("w"));
  EXPECT_EQ(grads["w"], "w@GRAD");

  auto sums = OpsOfType(*block, "sum");
  ASSERT_EQ(sums.size(), 1u) << program.DebugString();
  const OpDesc* sum = sums[0];
  EXPECT_EQ(sum->Output("Out"), Names{"w@GRAD"});
  Names parts = sum->Input("X");
  ASSERT_EQ(parts.size(), 2u) << program.DebugString();
  EXPECT_NE(parts[0], parts[1]);
  for (const auto& part : parts) {
    EXPECT_NE(part.find("@RENAME@"), std::string::npos) << part;
    EXPECT_EQ(part.rfind("w@GRAD", 0), 0u) << part;
    ASSERT_NE(block->FindVar(part), nullptr) << part;
    EXPECT_EQ(block->FindVar(part)->GetShape(), (std::vector<int64_t>{2, 2}));
    // Each contribution is written by one of the backward scale ops, before the sum.
    int writers = 0;
    for (size_t i = forward_ops; i < block->OpSize(); ++i) {
      const OpDesc* op = block->Op(i);
      if (op->Type() == "scale" && op->Output("Out") == Names{part}) ++writers;
      if (op == sum) EXPECT_EQ(writers, 1) << part << " is summed before it is written";
    }
    EXPECT_EQ(writers, 1) << part;
  }
  // No op other than the sum writes w@GRAD itself.
  int direct = 0;
  for (const OpDesc* op : block->AllOps())
    for (const auto& name : op->OutputArgumentNames()) direct += name == "w@GRAD";
  EXPECT_EQ(direct, 1);

  Scope scope;
  *scope.Var("w")->GetMutable<phi::DenseTensor>() = Tensor({1, 2, 3, 4}, {2, 2});
  executor::Executor exe{phi::CPUPlace()};
  auto out = exe.Run(program, &scope, {}, {"loss", "w@GRAD"});
  ExpectValues(out[0], {5.0f * 2.5f}, "loss");               // mean(5 w)
  ExpectValues(out[1], {1.25f, 1.25f, 1.25f, 1.25f}, "dw");  // (2 + 3) / 4
}

TEST(AppendBackward, OneOpReadingAVariableTwiceSumsBothSlots) {
  // loss = mean(d * d): elementwise_mul_grad writes d@GRAD from its X@GRAD and Y@GRAD slots.
  ProgramDesc program;
  test::ProgramBuilder b(&program);
  b.Param("d", {3});
  b.Op("elementwise_mul", {{"X", {"d"}}, {"Y", {"d"}}}, {{"Out", {"sq"}}});
  b.Op("mean", {{"X", {"sq"}}}, {{"Out", {"loss"}}});
  auto grads = AppendBackward(b.block(), {"loss"}, {}, {});
  ASSERT_TRUE(grads.count("d"));
  auto sums = OpsOfType(*b.block(), "sum");
  ASSERT_EQ(sums.size(), 1u) << program.DebugString();
  EXPECT_EQ(sums[0]->Input("X").size(), 2u) << program.DebugString();
  Scope scope;
  *scope.Var("d")->GetMutable<phi::DenseTensor>() = Tensor({1, 2, 3}, {3});
  executor::Executor exe{phi::CPUPlace()};
  auto out = exe.Run(program, &scope, {}, {"loss", grads["d"]});
  ExpectValues(out[0], {14.f / 3}, "loss");
  ExpectValues(out[1], {2.f / 3, 4.f / 3, 2.f}, "dd");  // 2 d / 3
}

TEST(AppendBackward, StopGradientAndNoGradSetGetNoGradient) {
  ProgramDesc program;
  test::ProgramBuilder b(&program);
  b.Data("x", {2, 3});  // stop_gradient
  b.Param("w", {2, 3});
  b.Param("v", {2, 3});
  b.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"h"}}});
  b.Op("elementwise_add", {{"X", {"h"}}, {"Y", {"v"}}}, {{"Out", {"h2"}}});
  b.Op("mean", {{"X", {"h2"}}}, {{"Out", {"loss"}}});
  BlockDesc* block = b.block();
  auto grads = AppendBackward(block, {"loss"}, {}, {"v"});
  EXPECT_TRUE(grads.count("w"));
  EXPECT_FALSE(grads.count("x"));
  EXPECT_FALSE(grads.count("v"));
  EXPECT_FALSE(AnyOpWrites(*block, "x@GRAD"));
  EXPECT_FALSE(AnyOpWrites(*block, "v@GRAD"));
  EXPECT_EQ(block->FindVar("x@GRAD"), nullptr);
  auto mul_grads = OpsOfType(*block, "elementwise_mul_grad");
  ASSERT_EQ(mul_grads.size(), 1u);
  EXPECT_EQ(mul_grads[0]->Output("Y@GRAD"), Names{"w@GRAD"});
  const Names& dx = mul_grads[0]->Output("X@GRAD");
  EXPECT_TRUE(dx.empty() || dx == Names{kEmptyVarName}) << mul_grads[0]->DebugString();
}

TEST(AppendBackward, OpsThatCannotReachTheTargetGetNoGradOp) {
  ProgramDesc program;
  test::ProgramBuilder b(&program);
  b.Param("w", {3});
  b.Op("relu", {{"X", {"w"}}}, {{"Out", {"unused"}}});
  b.Op("scale", {{"X", {"w"}}}, {{"Out", {"s"}}}, {MakeAttr("scale", 2.0f)});
  b.Op("mean", {{"X", {"s"}}}, {{"Out", {"loss"}}});
  b.Op("tanh", {{"X", {"loss"}}}, {{"Out", {"after"}}});  // consumes the target
  auto grads = AppendBackward(b.block(), {"loss"}, {}, {});
  EXPECT_TRUE(OpsOfType(*b.block(), "relu_grad").empty());
  EXPECT_TRUE(OpsOfType(*b.block(), "tanh_grad").empty());
  EXPECT_FALSE(grads.count("unused"));
  EXPECT_FALSE(grads.count("after"));
  EXPECT_FALSE(AnyOpWrites(*b.block(), "unused@GRAD"));
  ASSERT_TRUE(grads.count("w"));
  Scope scope;
  *scope.Var("w")->GetMutable<phi::DenseTensor>() = Tensor({1, -2, 3}, {3});
  executor::Executor exe{phi::CPUPlace()};
  auto out = exe.Run(program, &scope, {}, {grads["w"]});
  ExpectValues(out[0], {2.f / 3, 2.f / 3, 2.f / 3}, "dw");
}

// loss = mean(x * w + b), x [2, 3] fed, w [3] and b [3] persistable.
ProgramDesc AffineProgram() {
  ProgramDesc program;
  test::ProgramBuilder b(&program);
  b.Data("x", {2, 3});
  b.Param("w", {3});
  b.Param("b", {3});
  b.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"xw"}}});
  b.Op("elementwise_add", {{"X", {"xw"}}, {"Y", {"b"}}}, {{"Out", {"y"}}});
  b.Op("mean", {{"X", {"y"}}}, {{"Out", {"loss"}}});
  return program;
}

TEST(AppendBackward, GradientValuesMatchHandComputedDerivatives) {
  ProgramDesc program = AffineProgram();
  auto grads = AppendBackward(program.MutableBlock(0), {"loss"}, {}, {});
  ASSERT_TRUE(grads.count("w") && grads.count("b"));
  Scope scope;
  *scope.Var("w")->GetMutable<phi::DenseTensor>() = Tensor({0.5f, -1.f, 2.f}, {3});
  *scope.Var("b")->GetMutable<phi::DenseTensor>() = Tensor({0.1f, 0.2f, 0.3f}, {3});
  executor::Executor exe{phi::CPUPlace()};
  auto out = exe.Run(program, &scope, {{"x", Tensor({1, 2, 3, 4, 5, 6}, {2, 3})}},
                     {"loss", grads["w"], grads["b"]});
  // loss = (sum_ij x_ij w_j + 2 sum_j b_j) / 6 = (0.5 - 2 + 6 + 2 - 5 + 12 + 1.2) / 6
  ExpectValues(out[0], {14.7f / 6}, "loss");
  // d/dw_j = (x_0j + x_1j) / 6; d/db_j = 2 / 6.
  ExpectValues(out[1], {5.f / 6, 7.f / 6, 9.f / 6}, "dw");
  ExpectValues(out[2], {1.f / 3, 1.f / 3, 1.f / 3}, "db");
  EXPECT_EQ(out[1].dims(), phi::DDim({3}));
}

TEST(AppendBackward, GivenSeedGradientScalesTheResult) {
  ProgramDesc program = AffineProgram();
  test::ProgramBuilder b(&program);
  b.Data("seed", {1});
  auto grads = AppendBackward(program.MutableBlock(0), {"loss"}, {"seed"}, {});
  EXPECT_EQ(OpsOfType(program.Block(0), "assign").size(), 1u);
  Scope scope;
  *scope.Var("w")->GetMutable<phi::DenseTensor>() = Tensor({0.5f, -1.f, 2.f}, {3});
  *scope.Var("b")->GetMutable<phi::DenseTensor>() = Tensor({0.1f, 0.2f, 0.3f}, {3});
  executor::Executor exe{phi::CPUPlace()};
  auto out = exe.Run(program, &scope,
                     {{"x", Tensor({1, 2, 3, 4, 5, 6}, {2, 3})}, {"seed", Tensor({-3.f}, {1})}},
                     {grads["b"]});
  ExpectValues(out[0], {-1.f, -1.f, -1.f}, "db");  // -3 * 2 / 6
}

// w [3]; loss = mean(act(w)).
ProgramDesc ActivationMeanProgram(const std::string& act) {
  ProgramDesc program;
  test::ProgramBuilder b(&program);
  b.Param("w", {3});
  b.Op(act, {{"X", {"w"}}}, {{"Out", {"t"}}});
  b.Op("mean", {{"X", {"t"}}}, {{"Out", {"loss"}}});
  return program;
}

TEST(AppendBackward, SecondPassDifferentiatesTheFirstUnderFreshNames) {
  ProgramDesc program = ActivationMeanProgram("tanh");
  BlockDesc* block = program.MutableBlock(0);
  auto first = AppendBackward(block, {"loss"}, {}, {});
  ASSERT_EQ(first["w"], "w@GRAD");
  Names first_names;
  for (const OpDesc* op : block->AllOps())
    for (const auto& n : op->OutputArgumentNames()) first_names.push_back(n);
  const size_t first_end = block->OpSize();
  auto second = AppendBackward(block, {"w@GRAD"}, {}, {});
  EXPECT_EQ(second["w"], "grad/w@GRAD");
  std::vector<OpDesc*> ops = block->AllOps();
  for (size_t i = first_end; i < ops.size(); ++i)
    for (const auto& n : ops[i]->OutputArgumentNames())
      EXPECT_EQ(std::count(first_names.begin(), first_names.end(), n), 0) << n;
  EXPECT_EQ(OpsOfType(program.Block(0), "tanh_grad_grad").size(), 1u);

  Scope scope;
  const std::vector<float> w = {0.5f, -1.f, 2.f};
  *scope.Var("w")->GetMutable<phi::DenseTensor>() = Tensor(w, {3});
  executor::Executor exe{phi::CPUPlace()};
  auto out = exe.Run(program, &scope, {}, {first["w"], second["w"]});
  std::vector<float> d1, d2;
  for (float v : w) {
    float t = std::tanh(v);
    d1.push_back((1 - t * t) / 3);
    d2.push_back(-2 * t * (1 - t * t) / 3);
  }
  ExpectValues(out[0], d1, "dw");
  ExpectValues(out[1], d2, "d2w");
}

TEST(AppendBackward, GradOpWithoutDoubleGradIsAnError) {
  ProgramDesc program = ActivationMeanProgram("softsign");
  BlockDesc* block = program.MutableBlock(0);
  AppendBackward(block, {"loss"}, {}, {});
  try {
    AppendBackward(block, {"w@GRAD"}, {}, {});
    FAIL() << "no error";
  } catch (const common::UnimplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("'softsign_grad'"), std::string::npos) << e.what();
  }
}

TEST(AppendBackward, BadTargetsAreRejected) {
  ProgramDesc program = AffineProgram();
  EXPECT_THROW(AppendBackward(program.MutableBlock(0), {"loss"}, {"g1", "g2"}, {}),
               common::InvalidArgumentError);
  ProgramDesc other = AffineProgram();
  try {
    AppendBackward(other.MutableBlock(0), {"no_such_loss"}, {}, {});
    FAIL() << "no error";
  } catch (const common::NotFoundError& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_loss"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace framework
}  // namespace paddle
