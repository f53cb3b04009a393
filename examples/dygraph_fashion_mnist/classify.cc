// Classifies the Fashion-MNIST test set with a model exported by paddle.jit.save (train.py),
// through the C++ JIT layer: paddle::jit::Load with the application's own paddle_infer::Config.
//   classify --model <prefix> --data <fashion-mnist dir> [--batch B]
// Prints `cpp_jit_accuracy=<value>`.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "../common/fashion_mnist_idx.h"
#include "paddle_jit_layer.h"

int main(int argc, char** argv) {
  std::string model, data_dir;
  int batch = 500;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string arg = argv[i];
    if (arg == "--model") model = argv[i + 1];
    else if (arg == "--data") data_dir = argv[i + 1];
    else if (arg == "--batch") batch = std::stoi(argv[i + 1]);
  }
  if (model.empty() || data_dir.empty() || batch < 1) {
    std::cerr << "usage: " << argv[0] << " --model <prefix> --data <fashion-mnist dir> [--batch B]\n";
    return 2;
  }
  try {
    fashion_mnist::Dataset data = fashion_mnist::LoadTestSet(data_dir);
    paddle_infer::Config config;
    config.SetCpuMathLibraryNumThreads(1);
    config.SwitchIrOptim(true);
    paddle::jit::Layer layer = paddle::jit::Load(model, config);
    const int64_t image_size = static_cast<int64_t>(data.rows) * data.cols;
    int64_t correct = 0;
    for (int start = 0; start < data.count; start += batch) {
      const int n = std::min(batch, data.count - start);
      std::vector<float> pixels(data.images.begin() + start * image_size,
                                data.images.begin() + (start + n) * image_size);
      auto outputs = layer.Forward(
          {paddle::jit::Tensor::From<float>({n, 1, data.rows, data.cols}, pixels)});
      const std::vector<float> logits = outputs.at(0).ToVector<float>();
      const int64_t classes = outputs[0].shape().at(1);
      for (int i = 0; i < n; ++i) {
        const float* row = logits.data() + i * classes;
        correct += (std::max_element(row, row + classes) - row) == data.labels[start + i];
      }
    }
    std::printf("cpp_jit_accuracy=%.4f\n", static_cast<double>(correct) / data.count);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
