// An application's view: compiled against the installed paddle_inference_api.h alone (the
// include path points at build/paddle_inference_install_dir/paddle/include), it loads a model
// the way PaddlePaddle's C++ demos do and runs it from a pool, one predictor per thread.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "paddle_inference_api.h"

// Defined in test_model_util.cc; std types only.
namespace inference_example {
std::string WriteExampleModel();
std::vector<float> ExampleReference(const std::vector<float>& x, int batch);
}  // namespace inference_example

namespace {

int Numel(const std::vector<int>& shape) {
  int n = 1;
  for (int d : shape) n *= d;
  return n;
}

TEST(InferenceApiExample, LoadRunAndReadAsADemoDoes) {
  std::string prefix = inference_example::WriteExampleModel();
  paddle_infer::Config config;
  config.SetModel(prefix + ".pdmodel", prefix + ".pdiparams");
  config.SetCpuMathLibraryNumThreads(1);
  config.SwitchIrOptim(true);
  config.EnableMemoryOptim();
  auto predictor = paddle_infer::CreatePredictor(config);

  auto input_names = predictor->GetInputNames();
  auto input = predictor->GetInputHandle(input_names[0]);
  std::vector<float> x = {1, 2, 3, 4, -1, -2, -3, -4};
  input->Reshape({2, 4});
  input->CopyFromCpu(x.data());
  ASSERT_TRUE(predictor->Run());

  auto output_names = predictor->GetOutputNames();
  auto output = predictor->GetOutputHandle(output_names[0]);
  std::vector<int> shape = output->shape();
  std::vector<float> out(Numel(shape));
  output->CopyToCpu(out.data());
  std::vector<float> expected = inference_example::ExampleReference(x, 2);
  ASSERT_EQ(out.size(), expected.size());
  for (size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], expected[i], 1e-5f);
}

TEST(InferenceApiExample, PoolOfPredictorsOnePerThread) {
  std::string prefix = inference_example::WriteExampleModel();
  paddle::AnalysisConfig config(prefix + ".pdmodel", prefix + ".pdiparams");
  paddle_infer::services::PredictorPool pool(config, 3);
  std::vector<int> ok(3, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&, t] {
      paddle_infer::Predictor* predictor = pool.Retrive(t);
      auto input = predictor->GetInputHandle("x");
      std::vector<float> x(4 * (t + 1), 0.25f * t);
      input->Reshape({t + 1, 4});
      input->CopyFromCpu(x.data());
      if (!predictor->Run()) return;
      auto output = predictor->GetOutputHandle(predictor->GetOutputNames()[0]);
      std::vector<float> out(Numel(output->shape()));
      output->CopyToCpu(out.data());
      std::vector<float> expected = inference_example::ExampleReference(x, t + 1);
      bool same = out.size() == expected.size();
      for (size_t i = 0; same && i < out.size(); ++i) same = std::fabs(out[i] - expected[i]) < 1e-5f;
      ok[t] = same ? 1 : 0;
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(ok, (std::vector<int>{1, 1, 1}));
}

}  // namespace
