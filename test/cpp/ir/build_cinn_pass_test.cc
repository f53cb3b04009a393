// Tests of build_cinn_pass on tiny forward programs, the pass alone with graph verification: the
// changed flag, the op sequence afterwards, bit-equal results with the unrewritten program on
// random inputs (the fused kernel uses the unfused kernels' formulas), intermediates needed
// outside a group kept as outputs, groups never fused across a reduction that feeds them back,
// and the fused kernel's instruction list prepared once per signature.
#include <gtest/gtest.h>

#include <cstring>

#include "paddle/framework/attribute.h"
#include "paddle/phi/kernels/fused_elementwise_kernel.h"
#include "test/cpp/ir/fusion_test_util.h"

namespace paddle {
namespace test {

using framework::MakeAttr;
using Feeds = std::vector<std::pair<std::string, phi::DenseTensor>>;

namespace {

void ExpectBitEqual(const framework::ProgramDesc& before, const framework::ProgramDesc& after,
                    const Feeds& feeds, const std::vector<std::string>& fetches) {
  framework::Scope params, s1, s2;
  RandomParams(before, &params, 5);
  CopyVars(params, &s1, PersistableNames(before));
  CopyVars(params, &s2, PersistableNames(after));
  auto want = RunProgram(before, &s1, feeds, fetches);
  auto got = RunProgram(after, &s2, feeds, fetches);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    SCOPED_TRACE(fetches[i]);
    ASSERT_EQ(got[i].dims(), want[i].dims());
    EXPECT_EQ(std::memcmp(got[i].data<float>(), want[i].data<float>(), got[i].nbytes()), 0);
  }
}

// x [-1, 40] + b [40] -> tanh -> scale -> * x -> sigmoid -> (fetched) out; `mid`, the tanh, is
// also read by relu (outside the group when `extra_reader`).
framework::ProgramDesc ChainProgram(bool extra_reader) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {-1, 40});
  b.Param("b", {40});
  b.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"b"}}}, {{"Out", {"h"}}});
  b.Op("tanh", {{"X", {"h"}}}, {{"Out", {"mid"}}});
  b.Op("scale", {{"X", {"mid"}}}, {{"Out", {"s"}}},
       {MakeAttr("scale", 0.7f), MakeAttr("bias", 0.1f), MakeAttr("bias_after_scale", false)});
  b.Op("elementwise_mul", {{"X", {"s"}}, {"Y", {"x"}}}, {{"Out", {"m"}}});
  b.Op("sigmoid", {{"X", {"m"}}}, {{"Out", {"out"}}});
  if (extra_reader) b.Op("softmax", {{"X", {"mid"}}}, {{"Out", {"other"}}});
  return p;
}

}  // namespace

TEST(BuildCinnPass, FusesAChainIntoOneOpWithBitEqualResults) {
  framework::ProgramDesc p = ChainProgram(false);
  PassRun run = RunPassTwice(p, "build_cinn_pass", {"out"});
  EXPECT_TRUE(run.changed);
  EXPECT_FALSE(run.changed_again);
  EXPECT_EQ(OpTypes(*run.program), std::vector<std::string>{"fused_elementwise"});
  const auto* fused = run.program->Block(0).AllOps()[0];
  EXPECT_EQ(fused->Output("Out"), std::vector<std::string>{"out"});
  ExpectBitEqual(p, *run.program, {{"x", RandomFloat({7, 40}, 1, -3.f, 3.f)}}, {"out"});
}

TEST(BuildCinnPass, KeepsIntermediatesReadOutsideTheGroup) {
  framework::ProgramDesc p = ChainProgram(true);
  PassRun run = RunPassTwice(p, "build_cinn_pass", {"out", "other"});
  EXPECT_TRUE(run.changed);
  EXPECT_EQ(OpTypes(*run.program), (std::vector<std::string>{"fused_elementwise", "softmax"}));
  const auto* fused = run.program->Block(0).AllOps()[0];
  EXPECT_EQ(fused->Output("Out"), (std::vector<std::string>{"mid", "out"}));
  ExpectBitEqual(p, *run.program, {{"x", RandomFloat({3, 40}, 2, -3.f, 3.f)}},
                 {"out", "other", "mid"});
}

TEST(BuildCinnPass, FetchedIntermediateBecomesAnOutput) {
  framework::ProgramDesc p = ChainProgram(false);
  PassRun run = RunPassTwice(p, "build_cinn_pass", {"out", "s"});
  EXPECT_EQ(OpTypes(*run.program), std::vector<std::string>{"fused_elementwise"});
  EXPECT_EQ(run.program->Block(0).AllOps()[0]->Output("Out"),
            (std::vector<std::string>{"s", "out"}));
  ExpectBitEqual(p, *run.program, {{"x", RandomFloat({2, 40}, 3)}}, {"out", "s"});
}

// exp -> reduce_sum -> divide (softmax by hand): exp's group closes at the reduction that feeds
// the divide, so no group of two forms and nothing changes.
TEST(BuildCinnPass, NeverFusesAcrossAReductionFeedingBack) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {4, 6});
  b.Op("exp", {{"X", {"x"}}}, {{"Out", {"e"}}});
  b.Op("reduce_sum", {{"X", {"e"}}}, {{"Out", {"sum"}}},
       {MakeAttr("dim", std::vector<int>{1}), MakeAttr("keep_dim", true)});
  b.Op("elementwise_div", {{"X", {"e"}}, {"Y", {"sum"}}}, {{"Out", {"out"}}});
  PassRun run = RunPassTwice(p, "build_cinn_pass", {"out"});
  EXPECT_FALSE(run.changed);
  EXPECT_EQ(OpTypes(*run.program),
            (std::vector<std::string>{"exp", "reduce_sum", "elementwise_div"}));
}

// Two groups of different shapes around a reduction: x - mean and its square ([4, 6]), then
// the row statistics ([4, 1]), then the normalisation ([4, 6]) as a third group.
TEST(BuildCinnPass, GroupsByShapeAroundReductions) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {4, 6});
  b.Data("mu", {4, 1});
  b.Op("elementwise_sub", {{"X", {"x"}}, {"Y", {"mu"}}}, {{"Out", {"d"}}});
  b.Op("square", {{"X", {"d"}}}, {{"Out", {"d2"}}});
  b.Op("reduce_sum", {{"X", {"d2"}}}, {{"Out", {"var"}}},
       {MakeAttr("dim", std::vector<int>{1}), MakeAttr("keep_dim", true)});
  b.Op("scale", {{"X", {"var"}}}, {{"Out", {"v1"}}},
       {MakeAttr("scale", 1.0f / 6), MakeAttr("bias", 1e-5f)});
  b.Op("rsqrt", {{"X", {"v1"}}}, {{"Out", {"r"}}});
  b.Op("elementwise_mul", {{"X", {"d"}}, {"Y", {"r"}}}, {{"Out", {"y"}}});
  b.Op("relu", {{"X", {"y"}}}, {{"Out", {"out"}}});
  PassRun run = RunPassTwice(p, "build_cinn_pass", {"out"});
  EXPECT_TRUE(run.changed);
  EXPECT_EQ(OpTypes(*run.program),
            (std::vector<std::string>{"fused_elementwise", "reduce_sum", "fused_elementwise",
                                      "fused_elementwise"}));
  ExpectBitEqual(p, *run.program,
                 {{"x", RandomFloat({4, 6}, 4, -2.f, 2.f)}, {"mu", RandomFloat({4, 1}, 5)}},
                 {"out"});
}

// tanh(x) and sigmoid(y) start two groups; the add reading both merges them into one, unless an
// outside op (softmax) read one of them first.
TEST(BuildCinnPass, MergesGroupsAnOpJoins) {
  for (bool outside_reader : {false, true}) {
    SCOPED_TRACE(outside_reader);
    framework::ProgramDesc p;
    ProgramBuilder b(&p);
    b.Data("x", {3, 8});
    b.Data("y", {3, 8});
    b.Op("tanh", {{"X", {"x"}}}, {{"Out", {"a"}}});
    b.Op("exp", {{"X", {"a"}}}, {{"Out", {"a2"}}});
    b.Op("sigmoid", {{"X", {"y"}}}, {{"Out", {"s"}}});
    b.Op("square", {{"X", {"s"}}}, {{"Out", {"s2"}}});
    if (outside_reader) b.Op("softmax", {{"X", {"s2"}}}, {{"Out", {"soft"}}});
    b.Op("elementwise_add", {{"X", {"a2"}}, {"Y", {"s2"}}}, {{"Out", {"out"}}});
    std::vector<std::string> fetches = {"out"};
    if (outside_reader) fetches.push_back("soft");
    PassRun run = RunPassTwice(p, "build_cinn_pass", {fetches.begin(), fetches.end()});
    EXPECT_TRUE(run.changed);
    EXPECT_FALSE(run.changed_again);
    const std::vector<std::string> want =
        outside_reader
            ? std::vector<std::string>{"fused_elementwise", "softmax", "fused_elementwise"}
            : std::vector<std::string>{"fused_elementwise"};
    EXPECT_EQ(OpTypes(*run.program), want);
    ExpectBitEqual(p, *run.program,
                   {{"x", RandomFloat({3, 8}, 8, -2.f, 2.f)}, {"y", RandomFloat({3, 8}, 9)}},
                   fetches);
  }
}

TEST(BuildCinnPass, PreparesTheInstructionListOncePerSignature) {
  framework::ProgramDesc p = ChainProgram(false);
  PassRun run = RunPassTwice(p, "build_cinn_pass", {"out"});
  framework::Scope params;
  RandomParams(p, &params, 5);
  executor::Interpreter interp(*run.program, 0, &params, phi::CPUPlace(), {"out"});
  interp.Run({{"x", RandomFloat({5, 40}, 6)}}, {"out"});
  const int64_t builds = phi::FusedElementwiseCacheBuilds();
  interp.Run({{"x", RandomFloat({5, 40}, 7)}}, {"out"});
  EXPECT_EQ(phi::FusedElementwiseCacheBuilds(), builds);
  interp.Run({{"x", RandomFloat({6, 40}, 8)}}, {"out"});  // a new batch: a new signature
  EXPECT_EQ(phi::FusedElementwiseCacheBuilds(), builds + 1);
  EXPECT_LE(phi::FusedElementwiseCacheSize(), 256);
}

}  // namespace test
}  // namespace paddle
