// conditional_block and while run their sub-blocks through the same interpreter.
#include <gtest/gtest.h>

#include "paddle/executor/interpreter.h"
#include "paddle/framework/attribute.h"
#include "paddle/phi/core/device_context.h"
#include "test/cpp/executor/program_builder.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {
phi::DenseTensor Scalar(float v) {
  phi::DenseTensor t(phi::DataType::FLOAT32, {1});
  phi::CPUContext::Default().Alloc<float>(&t)[0] = v;
  return t;
}
}  // namespace

// s = 0; i = 0; while (i < n) { i = i + 1; s = s + i; }  -> s = n(n+1)/2
TEST(ControlFlow, WhileLoopSumsToN) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("n", {1});
  b.Op("fill_constant", {}, {{"Out", {"i"}}},
       {MakeAttr("shape", std::vector<int64_t>{1}), MakeAttr("value", 0.0f)});
  b.Op("fill_constant", {}, {{"Out", {"s"}}},
       {MakeAttr("shape", std::vector<int64_t>{1}), MakeAttr("value", 0.0f)});
  b.Op("less_than", {{"X", {"i"}}, {"Y", {"n"}}}, {{"Out", {"cond"}}});
  framework::BlockDesc* body = p.AppendBlock(*p.MutableBlock(0));
  ProgramBuilder inner(&p, body->ID());
  inner.Op("scale", {{"X", {"i"}}}, {{"Out", {"i"}}}, {MakeAttr("bias", 1.0f)});
  inner.Op("elementwise_add", {{"X", {"s"}}, {"Y", {"i"}}}, {{"Out", {"s"}}});
  inner.Op("less_than", {{"X", {"i"}}, {"Y", {"n"}}}, {{"Out", {"cond"}}});
  framework::OpDesc* loop = b.block()->AppendOp();
  loop->SetType("while");
  loop->SetInput("X", {"i", "s", "n"});
  loop->SetInput("Condition", {"cond"});
  loop->SetOutput("Out", {"i", "s"});
  loop->SetAttr("sub_block", framework::BlockRef{body->ID()});

  framework::Scope scope;
  executor::Interpreter interp(p, 0, &scope, phi::CPUPlace(), {"s", "i"});
  for (float n : {0.f, 1.f, 10.f}) {
    auto out = interp.Run({{"n", Scalar(n)}}, {"s", "i"});
    EXPECT_FLOAT_EQ(out[0].data<float>()[0], n * (n + 1) / 2);
    EXPECT_FLOAT_EQ(out[1].data<float>()[0], n);
  }
}

// y = x; if (x > 0) y = x * 3
TEST(ControlFlow, ConditionalBlockRunsOnlyWhenTrue) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {1});
  b.Op("fill_constant", {}, {{"Out", {"zero"}}},
       {MakeAttr("shape", std::vector<int64_t>{1}), MakeAttr("value", 0.0f)});
  b.Op("greater_than", {{"X", {"x"}}, {"Y", {"zero"}}}, {{"Out", {"cond"}}});
  b.Op("assign", {{"X", {"x"}}}, {{"Out", {"y"}}});
  framework::BlockDesc* then_block = p.AppendBlock(*p.MutableBlock(0));
  ProgramBuilder inner(&p, then_block->ID());
  inner.Op("scale", {{"X", {"x"}}}, {{"Out", {"y"}}}, {MakeAttr("scale", 3.0f)});
  framework::OpDesc* branch = b.block()->AppendOp();
  branch->SetType("conditional_block");
  branch->SetInput("Cond", {"cond"});
  branch->SetInput("Input", {"x"});
  branch->SetOutput("Out", {"y"});
  branch->SetAttr("sub_block", framework::BlockRef{then_block->ID()});
  branch->SetAttr("is_scalar_condition", true);

  framework::Scope scope;
  executor::Interpreter interp(p, 0, &scope, phi::CPUPlace(), {"y"});
  EXPECT_FLOAT_EQ(interp.Run({{"x", Scalar(2.f)}}, {"y"})[0].data<float>()[0], 6.f);
  EXPECT_FLOAT_EQ(interp.Run({{"x", Scalar(-2.f)}}, {"y"})[0].data<float>()[0], -2.f);
}

TEST(ControlFlow, BadSubBlockIsInvalidArgument) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("c", {1}, VarType::BOOL);
  framework::OpDesc* loop = b.block()->AppendOp();
  loop->SetType("while");
  loop->SetInput("Condition", {"c"});
  loop->SetAttr("sub_block", framework::BlockRef{5});
  framework::Scope scope;
  EXPECT_THROW(executor::Interpreter(p, 0, &scope, phi::CPUPlace()), common::InvalidArgumentError);
}

}  // namespace test
}  // namespace paddle

namespace paddle {
namespace test {

// Programs run from Python may carry "fetch_v2" ops; like feed/fetch they are bound by name.
TEST(FeedFetchOps, FetchV2IsSkippedAndTargetsFetchedByName) {
  framework::ProgramDesc p;
  ProgramBuilder b(&p);
  b.Data("x", {2});
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"y"}}}, {framework::MakeAttr("scale", 2.0f)});
  framework::VarDesc* fetch = b.block()->Var("fetch");
  fetch->SetType(VarType::FETCH_LIST);
  framework::OpDesc* op = b.block()->AppendOp();
  op->SetType("fetch_v2");
  op->SetInput("X", {"y"});
  op->SetOutput("Out", {"fetch"});
  op->SetAttr("col", 0);
  framework::Scope scope;
  executor::Interpreter interp(p, 0, &scope, phi::CPUPlace(), {"y"});
  EXPECT_TRUE(interp.instructions()[1].skip);
  phi::DenseTensor x(phi::DataType::FLOAT32, {2});
  float* data = phi::CPUContext::Default().Alloc<float>(&x);
  data[0] = 1.f;
  data[1] = -3.f;
  auto out = interp.Run({{"x", x}}, {"y"});
  EXPECT_FLOAT_EQ(out[0].data<float>()[1], -6.f);
}

}  // namespace test
}  // namespace paddle
