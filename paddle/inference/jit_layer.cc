#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "paddle/common/errors.h"
#include "paddle/inference/paddle_jit_layer.h"

namespace paddle {
namespace jit {

namespace {

template <typename T>
struct TypeOf;
#define PD_JIT_TYPE(cpp, tag) \
  template <>                 \
  struct TypeOf<cpp> {        \
    static constexpr paddle_infer::DataType value = paddle_infer::DataType::tag; \
  };
PD_JIT_TYPE(float, FLOAT32)
PD_JIT_TYPE(double, FLOAT64)
PD_JIT_TYPE(int64_t, INT64)
PD_JIT_TYPE(int32_t, INT32)
PD_JIT_TYPE(uint8_t, UINT8)
PD_JIT_TYPE(int8_t, INT8)
PD_JIT_TYPE(bool, BOOL)
#undef PD_JIT_TYPE

int64_t Numel(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

}  // namespace

template <typename T>
Tensor Tensor::From(const std::vector<int64_t>& shape, const std::vector<T>& values) {
  for (int64_t d : shape)
    PD_CHECK(d >= 0, InvalidArgument, "expected non-negative tensor extents, but got ", d);
  PD_CHECK(Numel(shape) == static_cast<int64_t>(values.size()), InvalidArgument, "expected ",
           Numel(shape), " values for the shape, but got ", values.size());
  Tensor t;
  t.shape_ = shape;
  t.dtype_ = TypeOf<T>::value;
  t.bytes_.resize(values.size() * sizeof(T));
  for (size_t i = 0; i < values.size(); ++i) {  // element-wise: vector<bool> has no data()
    T v = values[i];
    std::memcpy(t.bytes_.data() + i * sizeof(T), &v, sizeof(T));
  }
  return t;
}

int64_t Tensor::numel() const { return Numel(shape_); }

template <typename T>
const T* Tensor::data() const {
  if (TypeOf<T>::value != dtype_)
    throw std::invalid_argument("paddle::jit::Tensor: the requested element type differs from the tensor's");
  return reinterpret_cast<const T*>(bytes_.data());
}

template <typename T>
std::vector<T> Tensor::ToVector() const {
  const T* p = data<T>();
  return std::vector<T>(p, p + numel());
}

#define PD_JIT_INSTANTIATE(T)                                                          \
  template Tensor Tensor::From<T>(const std::vector<int64_t>&, const std::vector<T>&); \
  template const T* Tensor::data<T>() const;                                           \
  template std::vector<T> Tensor::ToVector<T>() const;
PD_JIT_INSTANTIATE(float)
PD_JIT_INSTANTIATE(double)
PD_JIT_INSTANTIATE(int64_t)
PD_JIT_INSTANTIATE(int32_t)
PD_JIT_INSTANTIATE(uint8_t)
PD_JIT_INSTANTIATE(int8_t)
PD_JIT_INSTANTIATE(bool)
#undef PD_JIT_INSTANTIATE

paddle_infer::Predictor& Layer::FunctionOf(const std::string& name) const {
  auto it = functions_.find(name);
  if (it == functions_.end()) {
    std::string known;
    for (const auto& [n, _] : functions_) known += (known.empty() ? "" : ", ") + n;
    PD_THROW(NotFound, "expected a function of this layer (", known, "), but got '", name, "'");
  }
  return *it->second;
}

std::vector<Tensor> Layer::Forward(const std::vector<Tensor>& inputs) { return Call("forward", inputs); }

std::vector<Tensor> Layer::Call(const std::string& name, const std::vector<Tensor>& inputs) {
  paddle_infer::Predictor& predictor = FunctionOf(name);
  std::vector<std::string> names = predictor.GetInputNames();
  PD_CHECK(inputs.size() == names.size(), InvalidArgument, "expected ", names.size(),
           " inputs for function '", name, "', but got ", inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Tensor& in = inputs[i];
    auto handle = predictor.GetInputHandle(names[i]);
    std::vector<int> shape(in.shape().begin(), in.shape().end());
    handle->Reshape(shape);
    switch (in.dtype()) {
      case paddle_infer::DataType::FLOAT32: handle->CopyFromCpu(in.data<float>()); break;
      case paddle_infer::DataType::FLOAT64: handle->CopyFromCpu(in.data<double>()); break;
      case paddle_infer::DataType::INT64: handle->CopyFromCpu(in.data<int64_t>()); break;
      case paddle_infer::DataType::INT32: handle->CopyFromCpu(in.data<int32_t>()); break;
      case paddle_infer::DataType::UINT8: handle->CopyFromCpu(in.data<uint8_t>()); break;
      case paddle_infer::DataType::INT8: handle->CopyFromCpu(in.data<int8_t>()); break;
      case paddle_infer::DataType::BOOL: handle->CopyFromCpu(in.data<bool>()); break;
      default: PD_THROW(Unimplemented, "input ", i, " of '", name, "' has an unsupported dtype");
    }
  }
  if (!predictor.Run()) PD_THROW(PreconditionNotMet, "function '", name, "' failed: ", predictor.GetLastError());
  std::vector<Tensor> outputs;
  for (const auto& out_name : predictor.GetOutputNames()) {
    auto handle = predictor.GetOutputHandle(out_name);
    Tensor out;
    for (int d : handle->shape()) out.shape_.push_back(d);
    out.dtype_ = handle->type();
    out.bytes_.resize(static_cast<size_t>(out.numel()) *
                      paddle_infer::GetNumBytesOfDataType(out.dtype_));
    if (!out.bytes_.empty()) {
      switch (out.dtype_) {
        case paddle_infer::DataType::FLOAT32: handle->CopyToCpu(reinterpret_cast<float*>(out.bytes_.data())); break;
        case paddle_infer::DataType::FLOAT64: handle->CopyToCpu(reinterpret_cast<double*>(out.bytes_.data())); break;
        case paddle_infer::DataType::INT64: handle->CopyToCpu(reinterpret_cast<int64_t*>(out.bytes_.data())); break;
        case paddle_infer::DataType::INT32: handle->CopyToCpu(reinterpret_cast<int32_t*>(out.bytes_.data())); break;
        case paddle_infer::DataType::UINT8: handle->CopyToCpu(reinterpret_cast<uint8_t*>(out.bytes_.data())); break;
        case paddle_infer::DataType::INT8: handle->CopyToCpu(reinterpret_cast<int8_t*>(out.bytes_.data())); break;
        case paddle_infer::DataType::BOOL: handle->CopyToCpu(reinterpret_cast<bool*>(out.bytes_.data())); break;
        default: PD_THROW(Unimplemented, "output '", out_name, "' of '", name, "' has an unsupported dtype");
      }
    }
    outputs.push_back(std::move(out));
  }
  return outputs;
}

std::vector<std::string> Layer::FunctionNames() const {
  std::vector<std::string> names;
  for (const auto& [name, _] : functions_) names.push_back(name);
  return names;
}

std::vector<std::string> Layer::InputNames(const std::string& function) const {
  return FunctionOf(function).GetInputNames();
}

std::vector<std::string> Layer::OutputNames(const std::string& function) const {
  return FunctionOf(function).GetOutputNames();
}

Layer Layer::Clone() {
  Layer copy;
  copy.config_ = config_;
  for (auto& [name, predictor] : functions_) copy.functions_[name] = std::shared_ptr<paddle_infer::Predictor>(predictor->Clone());
  return copy;
}

Layer Load(const std::string& path_prefix, const paddle_infer::Config& config) {
  namespace fs = std::filesystem;
  const std::string params = path_prefix + ".pdiparams";
  const std::string forward = path_prefix + ".pdmodel";
  PD_CHECK(fs::exists(forward), NotFound, "expected the saved forward function ", forward,
           " (written by paddle.jit.save), but it does not exist");
  Layer layer;
  layer.config_ = config;
  auto add = [&](const std::string& name, const std::string& prog) {
    paddle_infer::Config c = config;
    c.SetModel(prog, fs::exists(params) ? params : std::string());
    layer.functions_[name] = paddle_infer::CreatePredictor(c);
  };
  add("forward", forward);
  // Other exported methods: <prefix>.<name>.pdmodel beside it.
  fs::path prefix(path_prefix);
  fs::path dir = prefix.has_parent_path() ? prefix.parent_path() : fs::path(".");
  const std::string stem = prefix.filename().string() + ".";
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::string file = entry.path().filename().string();
    if (file.size() <= stem.size() + 8 || file.compare(0, stem.size(), stem) != 0) continue;
    if (file.compare(file.size() - 8, 8, ".pdmodel") != 0) continue;
    std::string name = file.substr(stem.size(), file.size() - stem.size() - 8);
    if (name.find('.') != std::string::npos) continue;  // another prefix's file
    add(name, entry.path().string());
  }
  return layer;
}

}  // namespace jit
}  // namespace paddle
