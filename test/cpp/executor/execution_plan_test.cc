// The compile-time placement (ExecutionPlan), tested against the plan itself so that it runs
// on machines without a GPU: a kernel oracle stands in for the GPU kernels of the build.
#include "paddle/executor/execution_plan.h"

#include <gtest/gtest.h>

#include <set>

#include "paddle/framework/attribute.h"
#include "test/cpp/executor/program_builder.h"

namespace paddle {
namespace test {

using executor::ExecutionPlan;
using executor::PlacementOptions;
using executor::PlanPlacement;
using framework::MakeAttr;

namespace {

// GPU kernels for every kernel name but those listed (CPU kernels as registered).
PlacementOptions OnGpuWithout(std::set<std::string> missing) {
  PlacementOptions options;
  options.default_place = phi::GPUPlace(0);
  options.has_kernel = [missing](const std::string& kernel, const phi::KernelKey& key) {
    if (key.backend == phi::Backend::GPU) return missing.count(kernel) == 0;
    return true;
  };
  return options;
}

std::vector<std::string> OpTypes(const ExecutionPlan& plan) {
  std::vector<std::string> types;
  for (const auto* op : plan.program.Block(plan.block_id).AllOps()) types.push_back(op->Type());
  return types;
}

// x (fed) -> relu -> scale -> tanh -> out, with w a parameter added in.
framework::ProgramDesc SmallProgram() {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {-1, 4});
  b.Param("w", {4});
  b.Op("relu", {{"X", {"x"}}}, {{"Out", {"r"}}});
  b.Op("elementwise_add", {{"X", {"r"}}, {"Y", {"w"}}}, {{"Out", {"a"}}});
  b.Op("scale", {{"X", {"a"}}}, {{"Out", {"s"}}}, {MakeAttr("scale", 2.0f)});
  b.Op("tanh", {{"X", {"s"}}}, {{"Out", {"out"}}});
  return program;
}

}  // namespace

TEST(ExecutionPlan, AllOnGpuCopiesTheFeedInOnce) {
  ExecutionPlan plan = PlanPlacement(SmallProgram(), 0, OnGpuWithout({}));
  EXPECT_EQ(OpTypes(plan),
            (std::vector<std::string>{"memcpy_h2d", "relu", "elementwise_add", "scale", "tanh"}));
  ASSERT_EQ(plan.copies.size(), 1u);
  EXPECT_EQ(plan.copies[0].from, "x");
  EXPECT_EQ(plan.copies[0].to, "x@GPU");
  for (const auto& place : plan.op_places) EXPECT_TRUE(place.is_gpu());
  EXPECT_TRUE(plan.homes.at("w").is_gpu());   // a parameter lives where its readers run
  EXPECT_TRUE(plan.homes.at("x").is_cpu());   // fed from the host
  EXPECT_TRUE(plan.homes.at("out").is_gpu());
  // The relu reads the copy, not the host variable.
  EXPECT_EQ(plan.program.Block(0).Op(1)->Input("X"), std::vector<std::string>{"x@GPU"});
}

TEST(ExecutionPlan, AnOpWithoutAGpuKernelRunsOnTheCpuBetweenCopies) {
  ExecutionPlan plan = PlanPlacement(SmallProgram(), 0, OnGpuWithout({"scale"}));
  EXPECT_EQ(OpTypes(plan), (std::vector<std::string>{"memcpy_h2d", "relu", "elementwise_add",
                                                     "memcpy_d2h", "scale", "memcpy_h2d",
                                                     "tanh"}));
  const auto& block = plan.program.Block(0);
  EXPECT_TRUE(plan.op_places[4].is_cpu());
  EXPECT_NE(plan.reasons[4].find("no GPU kernel for scale"), std::string::npos) << plan.reasons[4];
  EXPECT_EQ(block.Op(4)->Input("X"), std::vector<std::string>{"a@CPU"});
  EXPECT_TRUE(plan.homes.at("s").is_cpu());  // written on the CPU first
  EXPECT_EQ(block.Op(6)->Input("X"), std::vector<std::string>{"s@GPU"});
  EXPECT_EQ(plan.copies.size(), 3u);
  EXPECT_NE(plan.ToString().find("#4 scale @ cpu (no GPU kernel for scale float32)"),
            std::string::npos)
      << plan.ToString();
}

TEST(ExecutionPlan, OpDeviceAnnotationComesFirst) {
  framework::ProgramDesc program = SmallProgram();
  program.MutableBlock(0)->Op(0)->SetAttr(MakeAttr("op_device", std::string("cpu")));
  ExecutionPlan plan = PlanPlacement(program, 0, OnGpuWithout({}));
  EXPECT_EQ(OpTypes(plan), (std::vector<std::string>{"relu", "memcpy_h2d", "elementwise_add",
                                                     "scale", "tanh"}));
  EXPECT_TRUE(plan.op_places[0].is_cpu());
  EXPECT_EQ(plan.reasons[0], "op_device 'cpu'");
  // A GPU annotation without a GPU kernel still runs on the CPU, and says so.
  framework::ProgramDesc annotated = SmallProgram();
  annotated.MutableBlock(0)->Op(2)->SetAttr(MakeAttr("op_device", std::string("gpu:0")));
  ExecutionPlan fallback = PlanPlacement(annotated, 0, OnGpuWithout({"scale"}));
  EXPECT_NE(fallback.reasons[4].find("op_device asked for gpu:0"), std::string::npos)
      << fallback.ToString();
  framework::ProgramDesc bad = SmallProgram();
  bad.MutableBlock(0)->Op(0)->SetAttr(MakeAttr("op_device", std::string("tpu")));
  try {
    PlanPlacement(bad, 0, OnGpuWithout({}));
    FAIL() << "expected an error for op_device 'tpu'";
  } catch (const common::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("'tpu'"), std::string::npos) << e.what();
  }
}

TEST(ExecutionPlan, InPlaceUpdateOfAParameterOnTheCpuGoesHome) {
  // sgd writes the parameter it reads; on the CPU it must write a copy sent home after.
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Param("w", {4});
  b.Param("g", {4});
  b.Param("lr", {1});
  b.Op("relu", {{"X", {"w"}}}, {{"Out", {"r"}}});
  b.Op("sgd", {{"Param", {"w"}}, {"Grad", {"g"}}, {"LearningRate", {"lr"}}},
       {{"ParamOut", {"w"}}});
  ExecutionPlan plan = PlanPlacement(program, 0, OnGpuWithout({"sgd"}));
  EXPECT_TRUE(plan.homes.at("w").is_gpu());
  EXPECT_TRUE(plan.homes.at("g").is_cpu());  // read by the CPU op alone
  EXPECT_EQ(OpTypes(plan),
            (std::vector<std::string>{"relu", "memcpy_d2h", "sgd", "memcpy_h2d"}));
  const auto& block = plan.program.Block(0);
  EXPECT_EQ(block.Op(2)->Input("Param"), std::vector<std::string>{"w@CPU"});
  EXPECT_EQ(block.Op(2)->Output("ParamOut"), std::vector<std::string>{"w@CPU"});
  EXPECT_EQ(block.Op(3)->Input("X"), std::vector<std::string>{"w@CPU"});
  EXPECT_EQ(block.Op(3)->Output("Out"), std::vector<std::string>{"w"});
}

TEST(ExecutionPlan, HostInputsStayOnTheCpu) {
  // range's Start/End/Step are read on the host wherever range runs.
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("start", {1}, VarType::INT64);
  b.Data("end", {1}, VarType::INT64);
  b.Data("step", {1}, VarType::INT64);
  b.Op("range", {{"Start", {"start"}}, {"End", {"end"}}, {"Step", {"step"}}}, {{"Out", {"r"}}});
  ExecutionPlan plan = PlanPlacement(program, 0, OnGpuWithout({}));
  EXPECT_EQ(OpTypes(plan), (std::vector<std::string>{"range"}));
  EXPECT_TRUE(plan.op_places[0].is_gpu());
  EXPECT_TRUE(plan.copies.empty());
  EXPECT_TRUE(plan.homes.at("r").is_gpu());
}

TEST(ExecutionPlan, InputsWhoseDataIsNeverReadAreNotCopied) {
  // shape reads only its input's dims (no_need_buffer): on the CPU it takes the GPU tensor.
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {2, 3});
  b.Op("relu", {{"X", {"x"}}}, {{"Out", {"r"}}});
  b.Op("shape", {{"Input", {"r"}}}, {{"Out", {"s"}}});
  ExecutionPlan plan = PlanPlacement(program, 0, OnGpuWithout({"shape"}));
  EXPECT_EQ(OpTypes(plan), (std::vector<std::string>{"memcpy_h2d", "relu", "shape"}));
  EXPECT_TRUE(plan.op_places[2].is_cpu());
  EXPECT_EQ(plan.program.Block(0).Op(2)->Input("Input"), std::vector<std::string>{"r"});
  EXPECT_TRUE(plan.homes.at("s").is_cpu());
}

TEST(ExecutionPlan, ACopyIsReusedUntilItsVariableIsWrittenAgain) {
  framework::ProgramDesc program;
  ProgramBuilder b(&program);
  b.Data("x", {4});
  b.Op("relu", {{"X", {"x"}}}, {{"Out", {"a"}}});
  b.Op("tanh", {{"X", {"x"}}}, {{"Out", {"b"}}});
  ExecutionPlan plan = PlanPlacement(program, 0, OnGpuWithout({}));
  EXPECT_EQ(OpTypes(plan), (std::vector<std::string>{"memcpy_h2d", "relu", "tanh"}));
}

}  // namespace test
}  // namespace paddle
