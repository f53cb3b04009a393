// Runs a model through the paddle_infer API and writes its outputs (raw float32, in output
// order) to a file, so that the full and a tailored library can be compared byte for byte.
//   tailor_run MODEL.pdmodel MODEL.pdiparams OUT.bin INPUT.bin:D0xD1x... [INPUT2 ...]
// Inputs are raw float32 files, given in the model's input order with their shapes.
// Exits 1 with the library's error on stderr when the model cannot be loaded or run.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "paddle_inference_api.h"

namespace {

std::vector<float> ReadFloats(const std::string& path, size_t count) {
  std::ifstream in(path, std::ios::binary);
  std::vector<float> data(count);
  if (!in.read(reinterpret_cast<char*>(data.data()), count * sizeof(float)))
    throw std::runtime_error("expected " + std::to_string(count) + " floats in " + path);
  return data;
}

// "path:1x3x224x224" -> path, shape.
std::string ParseInput(const std::string& arg, std::vector<int>* shape) {
  size_t colon = arg.rfind(':');
  if (colon == std::string::npos) throw std::runtime_error("expected PATH:SHAPE, got " + arg);
  std::stringstream dims(arg.substr(colon + 1));
  for (std::string d; std::getline(dims, d, 'x');) shape->push_back(std::stoi(d));
  return arg.substr(0, colon);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: tailor_run MODEL.pdmodel MODEL.pdiparams OUT.bin IN.bin:SHAPE ...\n";
    return 2;
  }
  try {
    paddle_infer::Config config(argv[1], argv[2]);
    auto predictor = paddle_infer::CreatePredictor(config);
    auto names = predictor->GetInputNames();
    if (names.size() != static_cast<size_t>(argc - 4))
      throw std::runtime_error("expected " + std::to_string(names.size()) + " inputs");
    for (size_t i = 0; i < names.size(); ++i) {
      std::vector<int> shape;
      std::string path = ParseInput(argv[4 + i], &shape);
      size_t count = 1;
      for (int d : shape) count *= static_cast<size_t>(d);
      auto input = predictor->GetInputHandle(names[i]);
      input->Reshape(shape);
      input->CopyFromCpu(ReadFloats(path, count).data());
    }
    if (!predictor->Run()) throw std::runtime_error(predictor->GetLastError());
    std::ofstream out(argv[3], std::ios::binary);
    for (const auto& name : predictor->GetOutputNames()) {
      auto output = predictor->GetOutputHandle(name);
      size_t count = 1;
      for (int d : output->shape()) count *= static_cast<size_t>(d);
      std::vector<float> data(count);
      output->CopyToCpu(data.data());
      out.write(reinterpret_cast<const char*>(data.data()), count * sizeof(float));
      std::cout << name << " " << count << "\n";
    }
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
