// Tests of the pass manager and the generic passes: each checks the changed flag, the op
// sequence afterwards, and numerical equality with the unrewritten program.
#include <gtest/gtest.h>

#include "paddle/framework/attribute.h"
#include "test/cpp/ir/pass_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {

// x -> relu -> a; x -> sigmoid -> unused (dead); a -> scale -> out
framework::ProgramDesc DeadCodeProgram() {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, 4});
  b.Op("relu", {{"X", {"x"}}}, {{"Out", {"a"}}});
  b.Op("sigmoid", {{"X", {"x"}}}, {{"Out", {"unused"}}});
  b.Op("tanh", {{"X", {"unused"}}}, {{"Out", {"unused2"}}});
  b.Op("scale", {{"X", {"a"}}}, {{"Out", {"out"}}}, {MakeAttr("scale", 2.0f)});
  return p;
}

}  // namespace

TEST(PassManager, UnknownPassIsNotFound) {
  EXPECT_THROW(ir::PassManager({"no_such_pass"}), common::NotFoundError);
}

TEST(PassManager, GraphRoundTripKeepsProgram) {
  framework::ProgramDesc p = DeadCodeProgram();
  ir::Graph graph(p);
  graph.Verify("round trip");
  EXPECT_EQ(graph.ToProgram()->Serialize(), p.Serialize());
}

TEST(PassManager, DisabledPassDoesNothingAndRepeatStopsAtFixedPoint) {
  framework::ProgramDesc p = DeadCodeProgram();
  ir::PassManagerOptions options;
  options.disabled = {"dead_code_elimination_pass"};
  ir::Graph g1(p);
  g1.protected_vars().insert("out");
  EXPECT_FALSE(ir::PassManager({"dead_code_elimination_pass"}, options).Run(&g1));
  ir::PassManagerOptions repeat;
  repeat.max_rounds = 5;
  repeat.verify = true;
  ir::Graph g2(p);
  g2.protected_vars().insert("out");
  ir::PassManager pm({"dead_code_elimination_pass"}, repeat);
  EXPECT_TRUE(pm.Run(&g2));
  EXPECT_EQ(pm.applied(), std::vector<std::string>{"dead_code_elimination_pass"});
}

TEST(DeadCodeElimination, RemovesUnusedChainKeepsResult) {
  framework::ProgramDesc p = DeadCodeProgram();
  ir::Graph graph(p);
  graph.protected_vars().insert("out");
  auto pass = ir::PassRegistry::Instance().Create("dead_code_elimination_pass");
  EXPECT_TRUE(pass->Apply(&graph));
  graph.Verify("dce");
  auto after = graph.ToProgram();
  EXPECT_EQ(OpTypes(*after), (std::vector<std::string>{"relu", "scale"}));
  EXPECT_FALSE(after->Block(0).HasVar("unused"));
  EXPECT_FALSE(pass->Apply(&graph));  // nothing left to remove

  framework::Scope s1, s2;
  auto x = RandomFloat({3, 4}, 1);
  auto want = RunProgram(p, &s1, {{"x", x}}, {"out"});
  auto got = RunProgram(*after, &s2, {{"x", x}}, {"out"});
  ExpectClose(got[0], want[0], 0);
}

TEST(IsTestPass, SetsIsTestOnOpsThatHaveIt) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {2, 3});
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"y"}}});
  b.block()->Op(0)->SetAttr("is_test", false);
  ir::Graph graph(p);
  auto pass = ir::PassRegistry::Instance().Create("is_test_pass");
  EXPECT_TRUE(pass->Apply(&graph));
  EXPECT_TRUE(graph.ToProgram()->Block(0).Op(0)->GetAttrAs<bool>("is_test"));
  EXPECT_FALSE(pass->Apply(&graph));
}

TEST(ConstantFolding, FoldsOpsOnUnwrittenParameters) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, 3});
  b.Param("w", {3});
  b.Op("scale", {{"X", {"w"}}}, {{"Out", {"w2"}}}, {MakeAttr("scale", 3.0f)});
  b.Op("relu", {{"X", {"w2"}}}, {{"Out", {"w3"}}});
  b.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"w3"}}}, {{"Out", {"out"}}});
  framework::Scope params;
  RandomParams(p, &params, 7);
  auto x = RandomFloat({2, 3}, 2);
  framework::Scope ref_scope;
  RandomParams(p, &ref_scope, 7);
  auto want = RunProgram(p, &ref_scope, {{"x", x}}, {"out"});

  ir::Graph graph(p);
  graph.set_param_scope(&params);
  graph.protected_vars().insert("out");
  ir::PassManagerOptions options;
  options.verify = true;
  EXPECT_TRUE(ir::PassManager({"constant_folding_pass"}, options).Run(&graph));
  auto after = graph.ToProgram();
  EXPECT_EQ(OpTypes(*after), std::vector<std::string>{"elementwise_mul"});
  EXPECT_TRUE(after->Block(0).FindVar("w3")->Persistable());
  auto got = RunProgram(*after, &params, {{"x", x}}, {"out"});
  ExpectClose(got[0], want[0], 1e-6f);
}

TEST(ConstantFolding, NoScopeNoChange) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Param("w", {3});
  b.Op("scale", {{"X", {"w"}}}, {{"Out", {"w2"}}});
  ir::Graph graph(p);
  EXPECT_FALSE(ir::PassRegistry::Instance().Create("constant_folding_pass")->Apply(&graph));
}

TEST(BufferSharedInplace, ChainSharesBuffersAndLowersPeak) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, 64});
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"a"}}}, {MakeAttr("scale", 2.0f)});
  b.Op("relu", {{"X", {"a"}}}, {{"Out", {"r"}}});
  b.Op("sigmoid", {{"X", {"r"}}}, {{"Out", {"s"}}});
  b.Param("w", {64, 1});
  b.Op("mul", {{"X", {"s"}}, {"Y", {"w"}}}, {{"Out", {"out"}}});
  ir::Graph graph(p);
  graph.protected_vars().insert("out");
  ir::PassManagerOptions options;
  options.verify = true;
  EXPECT_TRUE(ir::PassManager({"buffer_shared_inplace_pass"}, options).Run(&graph));
  auto after = graph.ToProgram();
  EXPECT_EQ(OpTypes(*after), (std::vector<std::string>{"scale", "relu", "sigmoid", "mul"}));
  // relu and sigmoid write into `a`; the fed x and the fetch target keep their buffers.
  EXPECT_EQ(after->Block(0).Op(0)->Output("Out"), std::vector<std::string>{"a"});
  EXPECT_EQ(after->Block(0).Op(1)->Output("Out"), std::vector<std::string>{"a"});
  EXPECT_EQ(after->Block(0).Op(2)->Output("Out"), std::vector<std::string>{"a"});
  EXPECT_EQ(after->Block(0).Op(3)->Input("X"), std::vector<std::string>{"a"});

  auto x = RandomFloat({256, 64}, 3);
  framework::Scope s1, s2;
  RandomParams(p, &s1, 5);
  RandomParams(p, &s2, 5);
  executor::Interpreter before_run(p, 0, &s1, phi::CPUPlace(), {"out"});
  executor::Interpreter after_run(*after, 0, &s2, phi::CPUPlace(), {"out"});
  auto want = before_run.Run({{"x", x}}, {"out"});
  auto got = after_run.Run({{"x", x}}, {"out"});
  ExpectClose(got[0], want[0], 0);
  // One 64 KiB activation live at a time instead of two (plus the 1 KiB output).
  EXPECT_EQ(before_run.last_peak_bytes(), 2 * 65536);
  EXPECT_EQ(after_run.last_peak_bytes(), 65536 + 1024);
}

TEST(BufferSharedInplace, KeepsInputsReadLater) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {4});
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"a"}}});
  b.Op("relu", {{"X", {"a"}}}, {{"Out", {"r"}}});
  b.Op("elementwise_add", {{"X", {"a"}}, {"Y", {"r"}}}, {{"Out", {"out"}}});  // reads a again
  ir::Graph graph(p);
  graph.protected_vars().insert("out");
  EXPECT_FALSE(ir::PassRegistry::Instance().Create("buffer_shared_inplace_pass")->Apply(&graph));
}

}  // namespace test
}  // namespace paddle
