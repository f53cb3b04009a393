// Executor failure paths: bad feeds (rank, extent, dtype, unknown name), unknown op types,
// missing input variables, and shape mismatches found by InferMeta at run time. Each error
// is typed, says what was expected and what came, carries the op's context (type, index,
// inputs with shapes, the user's op_callstack), and leaves the Executor and Scope usable.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "paddle/executor/executor.h"
#include "paddle/phi/core/device_context.h"
#include "test/cpp/executor/program_builder.h"

namespace paddle {
namespace test {
namespace {

using framework::MakeAttr;
using Feeds = std::vector<std::pair<std::string, phi::DenseTensor>>;

template <typename T = float>
phi::DenseTensor Tensor(const phi::DDim& dims, T start = 0) {
  phi::DenseTensor t(phi::CppTypeToDataType<T>::value, dims);
  T* data = phi::CPUContext::Default().Alloc<T>(&t);
  for (int64_t i = 0; i < t.numel(); ++i) data[i] = start + static_cast<T>(i);
  return t;
}

std::vector<float> Values(const phi::DenseTensor& t) {
  return std::vector<float>(t.data<float>(), t.data<float>() + t.numel());
}

// Runs and expects error type E with every string of `parts` in what().
template <typename E>
void ExpectError(executor::Executor* exe, const framework::ProgramDesc& program,
                 framework::Scope* scope, const Feeds& feeds, const std::vector<std::string>& fetch,
                 const std::vector<std::string>& parts) {
  try {
    exe->Run(program, scope, feeds, fetch);
    ADD_FAILURE() << "expected an error mentioning '" << parts.front() << "'";
  } catch (const E& e) {
    std::string msg = e.what();
    for (const auto& part : parts)
      EXPECT_NE(msg.find(part), std::string::npos) << "missing '" << part << "' in: " << msg;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong error type: " << e.what();
  }
}

// x: [-1, 3] float32; out = scale(x, 2).
framework::ProgramDesc FeedProgram() {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {-1, 3});
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"out"}}}, {MakeAttr("scale", 2.f)});
  return program;
}

void ExpectGoodRun(executor::Executor* exe, const framework::ProgramDesc& program,
                   framework::Scope* scope) {
  auto out = exe->Run(program, scope, {{"x", Tensor({2, 3}, 1.f)}}, {"out"});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].dims(), phi::DDim({2, 3}));
  EXPECT_EQ(Values(out[0]), (std::vector<float>{2, 4, 6, 8, 10, 12}));
}

TEST(ExecutorFeedErrors, WrongRank) {
  framework::ProgramDesc program = FeedProgram();
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  ExpectError<common::InvalidArgumentError>(&exe, program, &scope, {{"x", Tensor({6})}}, {"out"},
                                            {"'x'", "rank 2", "[-1, 3]", "rank 1", "[6]"});
  ExpectGoodRun(&exe, program, &scope);
  ExpectError<common::InvalidArgumentError>(&exe, program, &scope, {{"x", Tensor({1, 2, 3})}},
                                            {"out"}, {"'x'", "rank 2", "rank 3", "[1, 2, 3]"});
  ExpectGoodRun(&exe, program, &scope);
}

TEST(ExecutorFeedErrors, WrongFixedExtent) {
  framework::ProgramDesc program = FeedProgram();
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  ExpectError<common::InvalidArgumentError>(&exe, program, &scope, {{"x", Tensor({2, 4})}},
                                            {"out"}, {"'x'", "[-1, 3]", "[2, 4]", "dimension 1"});
  ExpectGoodRun(&exe, program, &scope);
  // The -1 extent accepts any size.
  auto out = exe.Run(program, &scope, {{"x", Tensor({5, 3})}}, {"out"});
  EXPECT_EQ(out[0].dims(), phi::DDim({5, 3}));
}

TEST(ExecutorFeedErrors, WrongDtype) {
  framework::ProgramDesc program = FeedProgram();
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  ExpectError<common::InvalidArgumentError>(&exe, program, &scope,
                                            {{"x", Tensor<double>({2, 3})}}, {"out"},
                                            {"'x'", "float32", "float64"});
  ExpectGoodRun(&exe, program, &scope);
  ExpectError<common::InvalidArgumentError>(&exe, program, &scope,
                                            {{"x", Tensor<int64_t>({2, 3})}}, {"out"},
                                            {"'x'", "float32", "int64"});
  ExpectGoodRun(&exe, program, &scope);
}

TEST(ExecutorFeedErrors, UnknownFeedName) {
  framework::ProgramDesc program = FeedProgram();
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  ExpectError<common::NotFoundError>(
      &exe, program, &scope, {{"x", Tensor({2, 3})}, {"not_in_program", Tensor({2, 3})}},
      {"out"}, {"'not_in_program'"});
  ExpectGoodRun(&exe, program, &scope);
  ExpectError<common::NotFoundError>(&exe, program, &scope, {{"x", Tensor({2, 3})}},
                                     {"no_such_fetch"}, {"'no_such_fetch'"});
  ExpectGoodRun(&exe, program, &scope);
}

TEST(ExecutorOpErrors, UnknownOpTypeIsNotFound) {
  framework::ProgramDesc program = FeedProgram();
  framework::OpDesc* op = program.MutableBlock(0)->AppendOp();
  op->SetType("my_fancy_op");
  op->SetInput("X", {"out"});
  op->SetOutput("Out", {"fancy"});
  program.MutableBlock(0)->Var("fancy");
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  ExpectError<common::NotFoundError>(&exe, program, &scope, {{"x", Tensor({2, 3})}}, {"out"},
                                     {"my_fancy_op", "#1"});
  EXPECT_EQ(exe.cache_size(), 0u);  // a failed build is not cached
  ExpectGoodRun(&exe, FeedProgram(), &scope);
}

TEST(ExecutorOpErrors, UndeclaredInputVariableIsNotFound) {
  for (const char* slot : {"X", "Y"}) {
    framework::ProgramDesc program;
    ProgramBuilder b(&program);
    b.Data("x", {2, 3});
    framework::OpDesc* op = b.block()->AppendOp();
    op->SetType("elementwise_add");
    op->SetInput("X", {"x"});
    op->SetInput("Y", {"x"});
    op->SetInput(slot, {"ghost"});  // never declared, never fed
    op->SetOutput("Out", {"out"});
    b.block()->Var("out");
    framework::Scope scope;
    executor::Executor exe{phi::CPUPlace()};
    ExpectError<common::NotFoundError>(&exe, program, &scope, {{"x", Tensor({2, 3})}}, {"out"},
                                       {"'ghost'", "elementwise_add"});
  }
}

TEST(ExecutorOpErrors, MissingRequiredInputSlot) {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {2, 3});
  framework::OpDesc* op = b.block()->AppendOp();
  op->SetType("elementwise_add");
  op->SetInput("X", {"x"});
  op->SetOutput("Out", {"out"});
  b.block()->Var("out");
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  ExpectError<common::InvalidArgumentError>(&exe, program, &scope, {{"x", Tensor({2, 3})}},
                                            {"out"}, {"elementwise_add", "input Y"});
}

TEST(ExecutorOpErrors, DeclaredButUnwrittenInputIsATypedError) {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {2, 3});
  b.Data("y", {2, 3});
  b.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"y"}}}, {{"Out", {"out"}}});
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  // y is not fed: the error names the missing feed and the op reading it; nothing crashes.
  ExpectError<common::InvalidArgumentError>(&exe, program, &scope, {{"x", Tensor({2, 3})}},
                                            {"out"}, {"'y' in the feed", "elementwise_add", "#0"});
  auto out = exe.Run(program, &scope, {{"x", Tensor({2, 3})}, {"y", Tensor({2, 3}, 1.f)}},
                     {"out"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{1, 3, 5, 7, 9, 11}));
}

// op 0: s = scale(x); op 1: out = elementwise_add(s, y) with an op_callstack; x, y [-1, -1].
framework::ProgramDesc MismatchProgram() {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {-1, -1});
  b.Data("y", {-1, -1});
  b.Op("scale", {{"X", {"x"}}}, {{"Out", {"s"}}}, {MakeAttr("scale", 1.f)});
  b.Op("elementwise_add", {{"X", {"s"}}, {"Y", {"y"}}}, {{"Out", {"out"}}},
       {MakeAttr("op_callstack",
                 std::vector<std::string>{"  File \"train.py\", line 42, in build",
                                          "    out = paddle.add(s, y)"})});
  return program;
}

TEST(ExecutorOpErrors, InferMetaMismatchCarriesOpContext) {
  framework::ProgramDesc program = MismatchProgram();
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  const Feeds bad = {{"x", Tensor({2, 3})}, {"y", Tensor({4, 5})}};
  ExpectError<common::InvalidArgumentError>(
      &exe, program, &scope, bad, {"out"},
      {"elementwise_add", "#1", "X=s", "[2, 3]", "Y=y", "[4, 5]", "float32",
       "File \"train.py\", line 42, in build", "out = paddle.add(s, y)"});
  // The same executor and scope then run a correct feed, and the error repeats on bad input.
  auto out = exe.Run(program, &scope, {{"x", Tensor({2, 3})}, {"y", Tensor({2, 3}, 10.f)}},
                     {"out"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{10, 12, 14, 16, 18, 20}));
  ExpectError<common::InvalidArgumentError>(&exe, program, &scope, bad, {"out"}, {"#1"});
  out = exe.Run(program, &scope, {{"x", Tensor({1, 2})}, {"y", Tensor({1, 2})}}, {"out"});
  EXPECT_EQ(Values(out[0]), (std::vector<float>{0, 2}));
  EXPECT_EQ(exe.cache_size(), 1u);
}

TEST(ExecutorOpErrors, BuildTimeShapeErrorNamesTheOp) {
  // Static shapes that cannot broadcast fail when the op is appended (build-time InferMeta).
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {2, 3});
  b.Data("y", {4, 5});
  try {
    b.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"y"}}}, {{"Out", {"out"}}});
    FAIL() << "no error";
  } catch (const common::InvalidArgumentError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("3"), std::string::npos) << msg;
    EXPECT_NE(msg.find("5"), std::string::npos) << msg;
  }
}

}  // namespace
}  // namespace test
}  // namespace paddle
