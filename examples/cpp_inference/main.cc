// Classifies the Fashion-MNIST test set (t10k IDX gz files) with a saved inference model
// through the paddle_infer API: images as float32 [N,1,28,28] scaled to [0,1], in batches.
//   cpp_inference --model <prefix> --data <fashion-mnist dir> [--threads N] [--batch B]
// --threads N runs N predictors (the first and N-1 clones), one thread each, on slices of
// the test set. Prints load time, first-run latency and `cpp_accuracy=<value>`.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "../common/fashion_mnist_idx.h"
#include "paddle_inference_api.h"

namespace {

using fashion_mnist::Dataset;
using fashion_mnist::LoadTestSet;

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Runs images [begin, end) through `predictor` in batches; returns the number correct.
// `first_run_ms`, when given, receives the latency of the first Run().
int64_t Classify(paddle_infer::Predictor* predictor, const Dataset& data, int begin, int end,
                 int batch, double* first_run_ms) {
  const int image_size = data.rows * data.cols;
  auto input = predictor->GetInputHandle(predictor->GetInputNames()[0]);
  auto output = predictor->GetOutputHandle(predictor->GetOutputNames()[0]);
  std::vector<float> logits;
  int64_t correct = 0;
  for (int start = begin; start < end; start += batch) {
    int n = std::min(batch, end - start);
    input->Reshape({n, 1, data.rows, data.cols});
    input->CopyFromCpu(data.images.data() + static_cast<size_t>(start) * image_size);
    auto t0 = Clock::now();
    if (!predictor->Run()) throw std::runtime_error(predictor->GetLastError());
    if (first_run_ms != nullptr && start == begin) *first_run_ms = MsSince(t0);
    std::vector<int> shape = output->shape();
    if (shape.size() != 2 || shape[0] != n)
      throw std::runtime_error("expected logits of shape [batch, classes] from the model");
    int classes = shape[1];
    logits.resize(static_cast<size_t>(n) * classes);
    output->CopyToCpu(logits.data());
    for (int i = 0; i < n; ++i) {
      const float* row = logits.data() + static_cast<size_t>(i) * classes;
      int64_t predicted = std::max_element(row, row + classes) - row;
      correct += predicted == data.labels[start + i];
    }
  }
  return correct;
}

int Usage(const char* argv0) {
  std::cerr << "usage: " << argv0
            << " --model <prefix> --data <fashion-mnist dir> [--threads N] [--batch B]\n"
               "  <prefix>.pdmodel and <prefix>.pdiparams come from "
               "paddle.static.save_inference_model\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string model, data_dir;
  int threads = 1, batch = 100;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
      return argv[++i];
    };
    try {
      if (arg == "--model") model = value();
      else if (arg == "--data") data_dir = value();
      else if (arg == "--threads") threads = std::stoi(value());
      else if (arg == "--batch") batch = std::stoi(value());
      else return Usage(argv[0]);
    } catch (const std::exception& e) {
      std::cerr << e.what() << "\n";
      return Usage(argv[0]);
    }
  }
  if (model.empty() || data_dir.empty() || threads < 1 || batch < 1) return Usage(argv[0]);

  try {
    Dataset data = LoadTestSet(data_dir);
    std::cout << "test images: " << data.count << " (" << data.rows << "x" << data.cols << ")\n";

    auto t0 = Clock::now();
    paddle_infer::Config config(model + ".pdmodel", model + ".pdiparams");
    config.SetCpuMathLibraryNumThreads(1);
    auto predictor = paddle_infer::CreatePredictor(config);
    double load_ms = MsSince(t0);
    std::vector<std::unique_ptr<paddle_infer::Predictor>> clones;
    for (int t = 1; t < threads; ++t) clones.push_back(predictor->Clone());

    auto t1 = Clock::now();
    double first_run_ms = 0;
    std::vector<int64_t> correct(threads, 0);
    std::vector<std::string> errors(threads);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
      int begin = static_cast<int>(static_cast<int64_t>(data.count) * t / threads);
      int end = static_cast<int>(static_cast<int64_t>(data.count) * (t + 1) / threads);
      paddle_infer::Predictor* p = t == 0 ? predictor.get() : clones[t - 1].get();
      workers.emplace_back([&, t, p, begin, end] {
        try {
          correct[t] = Classify(p, data, begin, end, batch, t == 0 ? &first_run_ms : nullptr);
        } catch (const std::exception& e) {
          errors[t] = e.what();
        }
      });
    }
    for (auto& w : workers) w.join();
    double total_ms = MsSince(t1);
    for (const auto& e : errors)
      if (!e.empty()) throw std::runtime_error(e);
    int64_t right = 0;
    for (int64_t c : correct) right += c;

    std::printf("load_ms=%.1f\n", load_ms);
    std::printf("first_run_ms=%.2f (batch %d)\n", first_run_ms, std::min(batch, data.count));
    std::printf("total_ms=%.1f for %d images in %d thread(s), %.0f images/s\n", total_ms,
                data.count, threads, data.count / (total_ms / 1000.0));
    std::printf("cpp_accuracy=%.4f\n", static_cast<double>(right) / data.count);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
