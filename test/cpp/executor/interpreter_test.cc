// The interpreter's build products and run-time memory: dependency edges (read-after-write,
// write-after-read, write-after-write, the random-op chain), freeing of temporaries after
// their last use with persistables and fetch targets kept, peak bytes, the Executor's
// bounded cache keyed by the desc's identity and generation, InferMeta skipped while shapes
// stay, and identical results from a serialized-then-parsed program.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "paddle/executor/executor.h"
#include "paddle/phi/core/device_context.h"
#include "test/cpp/executor/program_builder.h"

namespace paddle {
namespace test {
namespace {

using framework::MakeAttr;
using Edges = std::vector<size_t>;

phi::DenseTensor Tensor(const std::vector<float>& values, const phi::DDim& dims) {
  phi::DenseTensor t(phi::DataType::FLOAT32, dims);
  float* data = phi::CPUContext::Default().Alloc<float>(&t);
  std::copy(values.begin(), values.end(), data);
  return t;
}

std::vector<float> Values(const phi::DenseTensor& t) {
  return std::vector<float>(t.data<float>(), t.data<float>() + t.numel());
}

framework::Attr Shape(std::vector<int64_t> shape) { return MakeAttr("shape", shape); }

TEST(InterpreterDependencies, RawWarWawAndRandomChain) {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {2, 3});
  b.Op("relu", {{"X", {"x"}}}, {{"Out", {"a"}}});                                      // 0
  b.Op("scale", {{"X", {"a"}}}, {{"Out", {"b"}}}, {MakeAttr("scale", 2.f)});          // 1
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"a"}}}, {MakeAttr("scale", 3.f)});          // 2
  b.Op("elementwise_add", {{"X", {"a"}}, {"Y", {"b"}}}, {{"Out", {"c"}}});            // 3
  b.Op("uniform_random", {}, {{"Out", {"r1"}}}, {Shape({2}), MakeAttr("seed", 1)});   // 4
  b.Op("uniform_random", {}, {{"Out", {"r2"}}}, {Shape({2}), MakeAttr("seed", 2)});   // 5
  b.Op("tanh", {{"X", {"x"}}}, {{"Out", {"t"}}});                                     // 6
  framework::Scope scope;
  executor::Interpreter interp(program, 0, &scope, phi::CPUPlace(), {"c"});
  const auto& instr = interp.instructions();
  ASSERT_EQ(instr.size(), 7u);
  // 0 -> 1: b reads a (RAW); 0 -> 2: both write a (WAW); 1 -> 2: 2 overwrites a that 1
  // reads (WAR); 2 -> 3 and 1 -> 3: RAW; 4 -> 5: random ops in program order.
  EXPECT_EQ(instr[0].next, (Edges{1, 2}));
  EXPECT_EQ(instr[1].next, (Edges{2, 3}));
  EXPECT_EQ(instr[2].next, (Edges{3}));
  EXPECT_EQ(instr[3].next, (Edges{}));
  EXPECT_EQ(instr[4].next, (Edges{5}));
  EXPECT_EQ(instr[5].next, (Edges{}));
  EXPECT_EQ(instr[6].next, (Edges{}));  // reads x only: independent of everything
  std::vector<int> expected_counts = {0, 1, 2, 2, 0, 1, 0};
  for (size_t i = 0; i < instr.size(); ++i) {
    EXPECT_EQ(instr[i].dependency_count, expected_counts[i]) << "instruction " << i;
    EXPECT_EQ(instr[i].op_index, i);
  }
  // The run honours the overwrite: c = 3x + 2 relu(x).
  auto out = interp.Run({{"x", Tensor({-1, 2, -3, 4, 0, 1}, {2, 3})}}, {"c"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{-3, 10, -9, 20, 0, 5}));
}

TEST(InterpreterDependencies, FeedAndFetchOpsAreSkipped) {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {2});
  b.block()->Var("feed")->SetType(VarType::FEED_MINIBATCH);
  b.block()->Var("fetch")->SetType(VarType::FETCH_LIST);
  framework::OpDesc* feed = b.block()->AppendOp();
  feed->SetType("feed");
  feed->SetInput("X", {"feed"});
  feed->SetOutput("Out", {"x"});
  feed->SetAttr("col", 0);
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"y"}}}, {MakeAttr("scale", 4.f)});
  framework::OpDesc* fetch = b.block()->AppendOp();
  fetch->SetType("fetch");
  fetch->SetInput("X", {"y"});
  fetch->SetOutput("Out", {"fetch"});
  fetch->SetAttr("col", 0);
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  auto out = exe.Run(program, &scope, {{"x", Tensor({1, -2}, {2})}}, {"y"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{4, -8}));
  auto* interp = exe.GetOrBuild(program, &scope, {"y"});
  EXPECT_TRUE(interp->instructions()[0].skip);
  EXPECT_FALSE(interp->instructions()[1].skip);
  EXPECT_TRUE(interp->instructions()[2].skip);
}

TEST(InterpreterMemory, TemporariesFreedPersistablesAndFetchesKept) {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {2, 2});
  b.Param("w", {2, 2});
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"t1"}}}, {MakeAttr("scale", 2.f)});
  b.Op("relu", {{"X", {"t1"}}}, {{"Out", {"t2"}}});
  b.Op("elementwise_add", {{"X", {"t2"}}, {"Y", {"w"}}}, {{"Out", {"out"}}});
  b.Op("scale", {{"X", {"out"}}}, {{"Out", {"unfetched"}}}, {MakeAttr("scale", 1.f)});
  framework::Scope scope;
  *scope.Var("w")->GetMutable<phi::DenseTensor>() = Tensor({10, 20, 30, 40}, {2, 2});
  executor::Interpreter interp(program, 0, &scope, phi::CPUPlace(), {"out"});
  auto fetched = interp.Run({{"x", Tensor({1, -1, 2, -2}, {2, 2})}}, {"out"});
  EXPECT_EQ(Values(fetched[0]), (std::vector<float>{12, 20, 34, 40}));

  framework::Scope* local = interp.local_scope();
  for (const char* temp : {"t1", "t2", "unfetched"}) {
    framework::Variable* var = local->FindLocalVar(temp);
    ASSERT_NE(var, nullptr) << temp;
    EXPECT_FALSE(var->Get<phi::DenseTensor>().initialized()) << temp << " was not freed";
  }
  EXPECT_EQ(local->FindLocalVar("w"), nullptr);  // persistables live in the outer scope
  ASSERT_TRUE(scope.FindVar("w")->Get<phi::DenseTensor>().initialized());
  EXPECT_EQ(Values(scope.FindVar("w")->Get<phi::DenseTensor>()),
            (std::vector<float>{10, 20, 30, 40}));
  // A fetched temporary is never freed during the run; its storage then goes to the caller,
  // so a later run cannot write into what this one returned.
  const phi::DenseTensor& out = local->FindLocalVar("out")->Get<phi::DenseTensor>();
  EXPECT_FALSE(out.initialized());
  EXPECT_EQ(out.dims(), phi::DDim({2, 2}));
  // A second run gives the same, from fresh temporaries.
  auto again = interp.Run({{"x", Tensor({1, -1, 2, -2}, {2, 2})}}, {"out"});
  EXPECT_EQ(Values(again[0]), (std::vector<float>{12, 20, 34, 40}));
  EXPECT_EQ(Values(fetched[0]), (std::vector<float>{12, 20, 34, 40}));
  EXPECT_NE(fetched[0].raw_data(), again[0].raw_data());
}

TEST(InterpreterMemory, PeakBytesBelowSumOfTemporaries) {
  // A chain of eight 64 KiB temporaries, each dead once the next is computed.
  constexpr int kChain = 8;
  constexpr int64_t kSide = 128, kBytes = kSide * kSide * 4;
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {kSide, kSide});
  std::string prev = "x";
  for (int i = 0; i < kChain; ++i) {
    std::string next = "t" + std::to_string(i);
    b.Op("scale", {{"X", {prev}}}, {{"Out", {next}}}, {MakeAttr("scale", 1.5f)});
    prev = next;
  }
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  phi::DenseTensor x = Tensor(std::vector<float>(kSide * kSide, 1.f), {kSide, kSide});
  auto out = exe.Run(program, &scope, {{"x", x}}, {prev});
  EXPECT_FLOAT_EQ(out[0].data<float>()[7], 25.62890625f);  // 1.5^8
  int64_t peak = exe.last_peak_bytes();
  EXPECT_GE(peak, kBytes);  // at least one temporary was live
  EXPECT_LT(peak, kChain * kBytes) << "temporaries were not freed early";
  EXPECT_LE(peak, 3 * kBytes) << "more than input, output and slack live at once";
}

framework::ProgramDesc ScaleProgram(float scale) {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {2});
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"y"}}}, {MakeAttr("scale", scale)});
  b.Op("relu", {{"X", {"y"}}}, {{"Out", {"z"}}});
  return program;
}

TEST(ExecutorCache, SameProgramReusesInterpreterChangedProgramRebuilds) {
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace(), 4};
  framework::ProgramDesc p1 = ScaleProgram(2.f);
  executor::Interpreter* first = exe.GetOrBuild(p1, &scope, {"z"});
  EXPECT_EQ(exe.GetOrBuild(p1, &scope, {"z"}), first);
  // Equal content in another desc object is another identity: its own entry, built alike.
  framework::ProgramDesc p1_copy = ScaleProgram(2.f);
  EXPECT_NE(exe.GetOrBuild(p1_copy, &scope, {"z"}), first);
  EXPECT_EQ(exe.cache_size(), 2u);
  exe.ClearCache();
  first = exe.GetOrBuild(p1, &scope, {"z"});

  auto out = exe.Run(p1, &scope, {{"x", Tensor({1, -1}, {2})}}, {"z"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{2, 0}));
  // Changing an attribute in place changes the content: a new interpreter, new result.
  p1.MutableBlock(0)->Op(0)->SetAttr("scale", 5.f);
  // (The first interpreter is freed now, so only the results can tell the builds apart.)
  exe.GetOrBuild(p1, &scope, {"z"});
  EXPECT_EQ(exe.cache_size(), 1u) << "the older generation of p1 is dropped";
  out = exe.Run(p1, &scope, {{"x", Tensor({1, -1}, {2})}}, {"z"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{5, 0}));
  // An edit through a var desc (a feed's shape) is a change too.
  p1.MutableBlock(0)->FindVar("x")->SetShape({-1});
  out = exe.Run(p1, &scope, {{"x", Tensor({1, -1, 3}, {3})}}, {"z"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{5, 0, 15}));
  executor::Interpreter* changed = exe.GetOrBuild(p1, &scope, {"z"});
  // Other fetch lists and other scopes are other entries.
  framework::Scope other;
  EXPECT_NE(exe.GetOrBuild(p1, &scope, {"y"}), changed);
  EXPECT_NE(exe.GetOrBuild(p1, &other, {"z"}), changed);
  EXPECT_EQ(exe.cache_size(), 3u);
}

TEST(PreparedOp, InferMetaRerunsOnlyWhenShapesChange) {
  framework::Scope scope;
  framework::ProgramDesc program = ScaleProgram(2.f);
  program.MutableBlock(0)->FindVar("x")->SetShape({-1});
  executor::Interpreter interp(program, 0, &scope, phi::CPUPlace(), {"z"});
  auto calls = [&] {
    std::vector<int64_t> out;
    for (const auto& instr : interp.instructions()) out.push_back(instr.prepared->infer_meta_calls());
    return out;
  };
  for (int i = 0; i < 3; ++i) {
    auto out = interp.Run({{"x", Tensor({1, -1}, {2})}}, {"z"});
    EXPECT_EQ(Values(out[0]), (std::vector<float>{2, 0}));
  }
  EXPECT_EQ(calls(), (std::vector<int64_t>{1, 1}));
  // Another batch size: both ops infer again, and the outputs have the new shape.
  auto out = interp.Run({{"x", Tensor({1, -1, 4}, {3})}}, {"z"});
  EXPECT_EQ(out[0].dims(), phi::DDim({3}));
  EXPECT_EQ(Values(out[0]), (std::vector<float>{2, 0, 8}));
  EXPECT_EQ(calls(), (std::vector<int64_t>{2, 2}));
  // An output whose meta someone else changed (as an in-place reuse would) is inferred again.
  interp.local_scope()->FindVar("y")->GetMutable<phi::DenseTensor>()->Resize(phi::DDim({7}));
  out = interp.Run({{"x", Tensor({1, -1, 4}, {3})}}, {"z"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{2, 0, 8}));
  EXPECT_EQ(calls(), (std::vector<int64_t>{3, 2}));
}

TEST(ExecutorCache, NeverHoldsMoreThanItsCapacity) {
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace(), 3};
  for (int i = 0; i < 10; ++i) {
    framework::ProgramDesc p = ScaleProgram(static_cast<float>(i + 1));
    auto out = exe.Run(p, &scope, {{"x", Tensor({1, 2}, {2})}}, {"z"});
    EXPECT_EQ(Values(out[0]), (std::vector<float>{i + 1.f, 2 * (i + 1.f)}));
    EXPECT_LE(exe.cache_size(), 3u);
  }
  EXPECT_EQ(exe.cache_size(), 3u);
  // The most recent stays cached.
  framework::ProgramDesc last = ScaleProgram(10.f);
  executor::Interpreter* cached = exe.GetOrBuild(last, &scope, {"z"});
  EXPECT_EQ(exe.GetOrBuild(last, &scope, {"z"}), cached);
  EXPECT_EQ(exe.cache_size(), 3u);
  exe.ClearCache();
  EXPECT_EQ(exe.cache_size(), 0u);
}

TEST(ExecutorSerialization, ParsedProgramGivesIdenticalOutputs) {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {-1, 3});
  b.Param("w", {3, 2});
  b.Op("matmul_v2", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"h"}}});
  b.Op("tanh", {{"X", {"h"}}}, {{"Out", {"t"}}});
  b.Op("softmax", {{"X", {"t"}}}, {{"Out", {"p"}}});
  b.Op("reduce_sum", {{"X", {"p"}}}, {{"Out", {"s"}}}, {MakeAttr("dim", std::vector<int>{1})});
  auto parsed = framework::ProgramDesc::Parse(program.Serialize());
  phi::DenseTensor x = Tensor({0.1f, -0.7f, 1.3f, 2.f, 0.f, -1.f, 0.5f, 0.25f, -0.125f}, {3, 3});
  phi::DenseTensor w = Tensor({0.3f, -0.2f, 0.9f, 1.1f, -0.4f, 0.6f}, {3, 2});
  std::vector<std::vector<phi::DenseTensor>> results;
  for (const framework::ProgramDesc* p : {&program, parsed.get()}) {
    framework::Scope scope;
    *scope.Var("w")->GetMutable<phi::DenseTensor>() = w;
    executor::Executor exe{phi::CPUPlace()};
    results.push_back(exe.Run(*p, &scope, {{"x", x}}, {"p", "s"}));
  }
  for (size_t i = 0; i < 2; ++i) {
    const phi::DenseTensor& a = results[0][i];
    const phi::DenseTensor& c = results[1][i];
    ASSERT_EQ(a.dims(), c.dims());
    ASSERT_EQ(a.dtype(), c.dtype());
    EXPECT_EQ(std::memcmp(a.raw_data(), c.raw_data(), a.nbytes()), 0) << "fetch " << i;
  }
  // Softmax rows sum to one.
  EXPECT_EQ(results[0][1].dims(), phi::DDim({3}));
  for (float v : Values(results[0][1])) EXPECT_NEAR(v, 1.f, 1e-6f);
}

}  // namespace
}  // namespace test
}  // namespace paddle
