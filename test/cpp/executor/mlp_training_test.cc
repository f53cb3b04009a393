// Trains a two-layer MLP built as a ProgramDesc with its backward and sgd ops: the loss must
// fall tenfold in 50 steps, and the serialized-then-parsed program must give bit-identical
// losses.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

#include "paddle/executor/executor.h"
#include "paddle/framework/attribute.h"
#include "paddle/framework/backward.h"
#include "paddle/phi/core/device_context.h"
#include "test/cpp/executor/program_builder.h"

namespace paddle {
namespace test {

using framework::MakeAttr;

namespace {

constexpr int kBatch = 32, kIn = 4, kHidden = 16;

struct MlpPrograms {
  framework::ProgramDesc startup, main;
};

MlpPrograms BuildMlp() {
  MlpPrograms p;
  ProgramBuilder s(&p.startup), m(&p.main);
  m.Data("x", {-1, kIn});
  m.Data("t", {-1, 1});
  struct P { const char* name; std::vector<int64_t> shape; bool random; };
  for (const P& param : {P{"w1", {kIn, kHidden}, true}, P{"b1", {kHidden}, false},
                         P{"w2", {kHidden, 1}, true}, P{"b2", {1}, false}}) {
    m.Param(param.name, param.shape);
    s.Param(param.name, param.shape);
    if (param.random) {
      s.Op("uniform_random", {}, {{"Out", {param.name}}},
           {MakeAttr("shape", param.shape), MakeAttr("min", -0.5f), MakeAttr("max", 0.5f),
            MakeAttr("seed", 7), MakeAttr("dtype", static_cast<int>(VarType::FP32))});
    } else {
      s.Op("fill_constant", {}, {{"Out", {param.name}}},
           {MakeAttr("shape", param.shape), MakeAttr("value", 0.0f),
            MakeAttr("dtype", static_cast<int>(VarType::FP32))});
    }
  }
  m.Param("lr", {1})->SetIsParameter(false);
  s.Param("lr", {1})->SetIsParameter(false);
  s.Op("fill_constant", {}, {{"Out", {"lr"}}},
       {MakeAttr("shape", std::vector<int64_t>{1}), MakeAttr("value", 0.1f),
        MakeAttr("dtype", static_cast<int>(VarType::FP32))});

  m.Op("matmul_v2", {{"X", {"x"}}, {"Y", {"w1"}}}, {{"Out", {"h1"}}});
  m.Op("elementwise_add", {{"X", {"h1"}}, {"Y", {"b1"}}}, {{"Out", {"h2"}}});
  m.Op("relu", {{"X", {"h2"}}}, {{"Out", {"h3"}}});
  m.Op("mul", {{"X", {"h3"}}, {"Y", {"w2"}}}, {{"Out", {"o1"}}});
  m.Op("elementwise_add", {{"X", {"o1"}}, {"Y", {"b2"}}}, {{"Out", {"o"}}});
  m.Op("elementwise_sub", {{"X", {"o"}}, {"Y", {"t"}}}, {{"Out", {"d"}}});
  m.Op("elementwise_mul", {{"X", {"d"}}, {"Y", {"d"}}}, {{"Out", {"sq"}}});
  m.Op("mean", {{"X", {"sq"}}}, {{"Out", {"loss"}}});
  auto grads = framework::AppendBackward(m.block(), {"loss"}, {}, {});
  for (const char* param : {"w1", "b1", "w2", "b2"}) {
    EXPECT_TRUE(grads.count(param)) << "no gradient for " << param;
    m.Op("sgd", {{"Param", {param}}, {"LearningRate", {"lr"}}, {"Grad", {grads[param]}}},
         {{"ParamOut", {param}}}, {MakeAttr("op_role", static_cast<int>(framework::kOptimize))});
  }
  return p;
}

phi::DenseTensor Tensor(const std::vector<float>& values, const phi::DDim& dims) {
  phi::DenseTensor t(phi::DataType::FLOAT32, dims);
  float* data = phi::CPUContext::Default().Alloc<float>(&t);
  std::copy(values.begin(), values.end(), data);
  return t;
}

std::vector<float> Train(const framework::ProgramDesc& startup, const framework::ProgramDesc& main,
                         int steps) {
  std::mt19937 gen(3);
  std::normal_distribution<float> dist;
  std::vector<float> x(kBatch * kIn), t(kBatch);
  for (auto& v : x) v = dist(gen);
  for (int i = 0; i < kBatch; ++i)
    t[i] = 0.5f * x[i * kIn] - 0.3f * x[i * kIn + 1] + 0.2f * x[i * kIn + 2] * x[i * kIn + 3];
  framework::Scope scope;
  executor::Executor exe{phi::CPUPlace()};
  exe.Run(startup, &scope, {}, {});
  std::vector<float> losses;
  for (int step = 0; step < steps; ++step) {
    auto out = exe.Run(main, &scope,
                       {{"x", Tensor(x, {kBatch, kIn})}, {"t", Tensor(t, {kBatch, 1})}}, {"loss"});
    EXPECT_EQ(out[0].numel(), 1);
    losses.push_back(out[0].data<float>()[0]);
  }
  return losses;
}

}  // namespace

TEST(MlpTraining, LossFallsTenfoldAndSerializedProgramIsBitIdentical) {
  MlpPrograms p = BuildMlp();
  std::vector<float> losses = Train(p.startup, p.main, 50);
  ASSERT_EQ(losses.size(), 50u);
  std::printf("loss: step 0 %.6f, step 49 %.6f\n", losses.front(), losses.back());
  EXPECT_TRUE(std::isfinite(losses.back()));
  EXPECT_LE(losses.back() * 10, losses.front())
      << "first loss " << losses.front() << ", last loss " << losses.back();

  auto startup2 = framework::ProgramDesc::Parse(p.startup.Serialize());
  auto main2 = framework::ProgramDesc::Parse(p.main.Serialize());
  EXPECT_EQ(main2->Serialize(), p.main.Serialize());
  std::vector<float> again = Train(*startup2, *main2, 50);
  for (size_t i = 0; i < losses.size(); ++i)
    EXPECT_EQ(std::memcmp(&losses[i], &again[i], sizeof(float)), 0) << "step " << i;
}

}  // namespace test
}  // namespace paddle
