// paddle::jit::Layer: a model saved by paddle.jit.save (<prefix>.pdmodel for forward,
// <prefix>.<name>.pdmodel for other exported methods, <prefix>.pdiparams) loaded for C++.
// Each function runs on a paddle_infer::Predictor built from the user's Config, so threads,
// IR optimisation and memory optimisation are the Config's; there is no other execution path.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "paddle_inference_api.h"  // NOLINT: installed beside this header

namespace paddle {
namespace jit {

// A CPU tensor held by value: shape, element type and the elements' bytes.
class Tensor {
 public:
  Tensor() = default;
  template <typename T>
  static Tensor From(const std::vector<int64_t>& shape, const std::vector<T>& values);

  const std::vector<int64_t>& shape() const { return shape_; }
  paddle_infer::DataType dtype() const { return dtype_; }
  int64_t numel() const;
  // Typed views; throw std::invalid_argument when T is not the tensor's element type.
  template <typename T>
  const T* data() const;
  template <typename T>
  std::vector<T> ToVector() const;

 private:
  friend class Layer;
  std::vector<int64_t> shape_;
  paddle_infer::DataType dtype_ = paddle_infer::DataType::FLOAT32;
  std::vector<uint8_t> bytes_;
};

class Layer {
 public:
  // Runs the saved forward function; inputs in the order of its feeds. Not thread-safe: use
  // Clone() for another thread.
  std::vector<Tensor> Forward(const std::vector<Tensor>& inputs);
  // Runs the exported function `name` ("forward" or another saved method).
  std::vector<Tensor> Call(const std::string& name, const std::vector<Tensor>& inputs);
  std::vector<std::string> FunctionNames() const;
  std::vector<std::string> InputNames(const std::string& function = "forward") const;
  std::vector<std::string> OutputNames(const std::string& function = "forward") const;
  const paddle_infer::Config& config() const { return config_; }
  // A layer sharing nothing mutable with this one, for use on another thread.
  Layer Clone();

 private:
  friend Layer Load(const std::string& path_prefix, const paddle_infer::Config& config);
  paddle_infer::Predictor& FunctionOf(const std::string& name) const;
  paddle_infer::Config config_;
  std::map<std::string, std::shared_ptr<paddle_infer::Predictor>> functions_;
};

// Loads <path_prefix>.pdmodel (forward) and every <path_prefix>.<name>.pdmodel beside it, all
// with <path_prefix>.pdiparams; `config` supplies everything but the model paths. Throws
// std::exception subclasses naming the file and the problem.
Layer Load(const std::string& path_prefix, const paddle_infer::Config& config = paddle_infer::Config());

}  // namespace jit
}  // namespace paddle
