// Helpers for the fusion pass tests: run one pass (verified) twice on a program, copy and
// compare scopes, count op types, and train a program for a few steps.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "paddle/executor/executor.h"
#include "paddle/framework/attribute.h"
#include "paddle/framework/backward.h"
#include "test/cpp/ir/pass_test_util.h"

namespace paddle {
namespace test {

struct PassRun {
  bool changed = false;        // the first run
  bool changed_again = false;  // a second run on the result
  std::unique_ptr<framework::ProgramDesc> program;
};

// Runs `pass` alone, verifying the graph before and after, then once more.
inline PassRun RunPassTwice(const framework::ProgramDesc& program, const std::string& pass,
                            const std::set<std::string>& protected_vars,
                            framework::Scope* params = nullptr) {
  ir::Graph graph(program);
  graph.set_param_scope(params);
  graph.protected_vars().insert(protected_vars.begin(), protected_vars.end());
  ir::PassManagerOptions options;
  options.verify = true;
  ir::PassManager manager({pass}, options);
  PassRun run;
  run.changed = manager.Run(&graph);
  run.changed_again = manager.Run(&graph);
  run.program = graph.ToProgram();
  return run;
}

inline int CountOps(const framework::ProgramDesc& program, const std::string& type) {
  const auto types = OpTypes(program);
  return static_cast<int>(std::count(types.begin(), types.end(), type));
}

inline phi::DenseTensor CopyTensor(const phi::DenseTensor& t) {
  phi::DenseTensor copy(t.dtype(), t.dims());
  phi::CPUContext::Default().Alloc(&copy, t.dtype());
  std::copy_n(static_cast<const char*>(t.raw_data()), t.nbytes(),
              static_cast<char*>(copy.raw_data()));
  return copy;
}

// Deep copies of the named tensors of `from` into `to`.
inline void CopyVars(const framework::Scope& from, framework::Scope* to,
                     const std::vector<std::string>& names) {
  for (const auto& name : names)
    *to->Var(name)->GetMutable<phi::DenseTensor>() =
        CopyTensor(from.FindVar(name)->Get<phi::DenseTensor>());
}

inline std::vector<std::string> PersistableNames(const framework::ProgramDesc& program) {
  std::vector<std::string> names;
  for (const auto* var : program.Block(0).AllVars())
    if (var->Persistable()) names.push_back(var->Name());
  return names;
}

inline phi::DenseTensor FilledFloat(const std::vector<int64_t>& dims, float value) {
  phi::DenseTensor t(phi::DataType::FLOAT32, phi::DDim(dims));
  float* data = phi::CPUContext::Default().Alloc<float>(&t);
  std::fill(data, data + t.numel(), value);
  return t;
}

// Appends the backward of `loss` and one sgd op per parameter (learning rate variable "lr").
inline void AppendSgd(framework::ProgramDesc* program, const std::string& loss,
                      const std::vector<std::string>& params) {
  ProgramBuilder b(program);
  b.Param("lr", {1})->SetIsParameter(false);
  auto grads = framework::AppendBackward(b.block(), {loss}, {}, {});
  for (const auto& param : params) {
    ASSERT_TRUE(grads.count(param)) << "no gradient for " << param;
    b.Op("sgd", {{"Param", {param}}, {"LearningRate", {"lr"}}, {"Grad", {grads[param]}}},
         {{"ParamOut", {param}}},
         {framework::MakeAttr("op_role", static_cast<int>(framework::kOptimize))});
  }
}

struct Trained {
  std::vector<float> losses;
  std::map<std::string, phi::DenseTensor> persistables;  // after the last step
};

// Runs `steps` steps of `program` (fetching "loss") from a copy of `initial`.
inline Trained Train(const framework::ProgramDesc& program, const framework::Scope& initial,
                     const std::vector<std::pair<std::string, phi::DenseTensor>>& feeds,
                     int steps) {
  framework::Scope scope;
  const std::vector<std::string> names = PersistableNames(program);
  CopyVars(initial, &scope, names);
  executor::Executor exe{phi::CPUPlace()};
  Trained result;
  for (int step = 0; step < steps; ++step) {
    auto out = exe.Run(program, &scope, feeds, {"loss"});
    result.losses.push_back(out[0].data<float>()[0]);
  }
  for (const auto& name : names)
    result.persistables[name] = CopyTensor(scope.FindVar(name)->Get<phi::DenseTensor>());
  return result;
}

// Same losses and final persistable values (parameters, running statistics) within `tol`.
inline void ExpectSameTraining(const Trained& fused, const Trained& unfused, float tol) {
  ASSERT_EQ(fused.losses.size(), unfused.losses.size());
  for (size_t i = 0; i < fused.losses.size(); ++i)
    EXPECT_NEAR(fused.losses[i], unfused.losses[i], tol) << "loss at step " << i;
  EXPECT_LT(unfused.losses.back(), unfused.losses.front()) << "the program does not train";
  for (const auto& [name, want] : unfused.persistables) {
    auto it = fused.persistables.find(name);
    ASSERT_NE(it, fused.persistables.end()) << name;
    SCOPED_TRACE(name);
    ExpectClose(it->second, want, tol);
  }
}

}  // namespace test
}  // namespace paddle
