// paddle::jit::Layer from the installed paddle_jit_layer.h: loads a saved forward function and
// another exported method beside it, runs them through Predictors built from the user's
// Config, clones for another thread, and reports bad calls with typed messages.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "paddle_jit_layer.h"

namespace inference_example {
std::string WriteExampleModel();
std::vector<float> ExampleReference(const std::vector<float>& x, int batch);
}  // namespace inference_example

namespace {

std::string MessageOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "<no exception>";
}

// A saved layer: the example model as forward, and a copy of it as the method "infer".
std::string SavedLayer() {
  static const std::string prefix = [] {
    namespace fs = std::filesystem;
    std::string model = inference_example::WriteExampleModel();
    std::string dir = fs::path(model).parent_path().string() + "/jit_layer";
    fs::create_directories(dir);
    std::string p = dir + "/net";
    fs::copy_file(model + ".pdmodel", p + ".pdmodel", fs::copy_options::overwrite_existing);
    fs::copy_file(model + ".pdmodel", p + ".infer.pdmodel", fs::copy_options::overwrite_existing);
    fs::copy_file(model + ".pdiparams", p + ".pdiparams", fs::copy_options::overwrite_existing);
    return p;
  }();
  return prefix;
}

TEST(JitLayer, LoadsFunctionsAndRunsThemWithTheUsersConfig) {
  paddle_infer::Config config;
  config.SetCpuMathLibraryNumThreads(1);
  config.SwitchIrOptim(true);
  config.EnableMemoryOptim();
  paddle::jit::Layer layer = paddle::jit::Load(SavedLayer(), config);
  EXPECT_EQ(layer.FunctionNames(), (std::vector<std::string>{"forward", "infer"}));
  EXPECT_TRUE(layer.config().enable_memory_optim());
  EXPECT_EQ(layer.InputNames().size(), 1u);

  std::vector<float> x = {1, 2, 3, 4, -1, -2, -3, -4};
  auto inputs = std::vector<paddle::jit::Tensor>{paddle::jit::Tensor::From<float>({2, 4}, x)};
  std::vector<float> want = inference_example::ExampleReference(x, 2);
  for (const std::string& fn : {"forward", "infer"}) {
    auto outputs = fn == "forward" ? layer.Forward(inputs) : layer.Call(fn, inputs);
    ASSERT_EQ(outputs.size(), 1u);
    EXPECT_EQ(outputs[0].shape()[0], 2);
    std::vector<float> got = outputs[0].ToVector<float>();
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-5) << fn << " " << i;
  }
}

TEST(JitLayer, ClonesRunOnOtherThreads) {
  paddle::jit::Layer layer = paddle::jit::Load(SavedLayer());
  std::vector<std::vector<float>> results(3);
  std::vector<std::thread> threads;
  std::vector<paddle::jit::Layer> clones;
  for (int t = 0; t < 3; ++t) clones.push_back(layer.Clone());
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&, t] {
      std::vector<float> x(4 * (t + 1), static_cast<float>(t + 1));
      auto out = clones[t].Forward({paddle::jit::Tensor::From<float>({t + 1, 4}, x)});
      results[t] = out[0].ToVector<float>();
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 3; ++t) {
    std::vector<float> x(4 * (t + 1), static_cast<float>(t + 1));
    EXPECT_EQ(results[t].size(), inference_example::ExampleReference(x, t + 1).size());
    auto want = inference_example::ExampleReference(x, t + 1);
    for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(results[t][i], want[i], 1e-5);
  }
}

TEST(JitLayer, BadCallsAreReported) {
  paddle::jit::Layer layer = paddle::jit::Load(SavedLayer());
  auto x = paddle::jit::Tensor::From<float>({1, 4}, {1, 2, 3, 4});
  std::string m = MessageOf([&] { layer.Call("backward", {x}); });
  EXPECT_NE(m.find("'backward'"), std::string::npos) << m;
  EXPECT_NE(m.find("forward, infer"), std::string::npos) << m;
  m = MessageOf([&] { layer.Forward({x, x}); });
  EXPECT_NE(m.find("expected 1 inputs"), std::string::npos) << m;
  m = MessageOf([&] { layer.Forward({paddle::jit::Tensor::From<float>({1, 5}, {1, 2, 3, 4, 5})}); });
  EXPECT_NE(m, "<no exception>");
  m = MessageOf([&] { x.data<int64_t>(); });
  EXPECT_NE(m.find("element type"), std::string::npos) << m;
  m = MessageOf([&] { paddle::jit::Tensor::From<float>({2, 2}, {1, 2, 3}); });
  EXPECT_NE(m.find("expected 4 values"), std::string::npos) << m;
  m = MessageOf([&] { paddle::jit::Load(SavedLayer() + "_missing"); });
  EXPECT_NE(m.find("_missing.pdmodel"), std::string::npos) << m;
  // The layer still works after the failures.
  EXPECT_EQ(layer.Forward({x})[0].numel(), 3);
}

}  // namespace
