// Helpers for pass tests: run a program before and after a pass on the same random inputs
// and parameters, and read op sequences.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "paddle/executor/interpreter.h"
#include "paddle/ir/pass.h"
#include "paddle/phi/core/device_context.h"
#include "test/cpp/executor/program_builder.h"

namespace paddle {
namespace test {

inline phi::DenseTensor RandomFloat(const std::vector<int64_t>& dims, uint32_t seed,
                                    float low = -1.f, float high = 1.f) {
  phi::DenseTensor t(phi::DataType::FLOAT32, phi::DDim(dims));
  float* data = phi::CPUContext::Default().Alloc<float>(&t);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(low, high);
  for (int64_t i = 0; i < t.numel(); ++i) data[i] = dist(gen);
  return t;
}

inline std::vector<std::string> OpTypes(const framework::ProgramDesc& program, int block = 0) {
  std::vector<std::string> types;
  for (const auto* op : program.Block(block).AllOps()) types.push_back(op->Type());
  return types;
}

// Fills every persistable variable of block 0 that the scope lacks with random data.
inline void RandomParams(const framework::ProgramDesc& program, framework::Scope* scope,
                         uint32_t seed, float low = -1.f, float high = 1.f) {
  for (const auto* var : program.Block(0).AllVars()) {
    if (!var->Persistable() || !var->HasTensorDesc() || scope->FindVar(var->Name())) continue;
    *scope->Var(var->Name())->GetMutable<phi::DenseTensor>() =
        RandomFloat(var->GetShape(), seed++, low, high);
  }
}

inline std::vector<phi::DenseTensor> RunProgram(
    const framework::ProgramDesc& program, framework::Scope* scope,
    const std::vector<std::pair<std::string, phi::DenseTensor>>& feeds,
    const std::vector<std::string>& fetches) {
  executor::Interpreter interp(program, 0, scope, phi::CPUPlace(), fetches);
  return interp.Run(feeds, fetches);
}

inline void ExpectClose(const phi::DenseTensor& a, const phi::DenseTensor& b, float tol) {
  ASSERT_EQ(a.dims(), b.dims());
  const float* x = a.data<float>();
  const float* y = b.data<float>();
  for (int64_t i = 0; i < a.numel(); ++i) EXPECT_NEAR(x[i], y[i], tol) << "index " << i;
}

}  // namespace test
}  // namespace paddle
