// The public C++ inference API (namespace paddle_infer), source-compatible with
// PaddlePaddle's paddle_inference_api.h for CPU deployment. Standard library only: this is
// the one header an application includes; the runtime's internals stay behind pimpls.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace paddle {
namespace inference {
struct TensorSlotAccess;
}  // namespace inference
}  // namespace paddle

namespace paddle_infer {

enum class DataType { FLOAT32, INT64, INT32, UINT8, INT8, FLOAT16, BOOL, FLOAT64, BFLOAT16 };
enum class PlaceType { kUNK = -1, kCPU, kGPU, kXPU, kCUSTOM };
enum class PrecisionType { kFloat32 = 0, kInt8, kHalf, kBf16 };
enum class DataLayout { kUNK = -1, kAny, kNHWC, kNCHW };

// The ordered list of IR pass names a predictor applies when Config::ir_optim() is on.
class PaddlePassBuilder {
 public:
  PaddlePassBuilder();
  explicit PaddlePassBuilder(const std::vector<std::string>& passes);

  void AppendPass(const std::string& pass_type);
  // Inserts before position `idx` (appends when idx >= size).
  void InsertPass(size_t idx, const std::string& pass_type);
  // Removes every occurrence of the pass; unknown names are ignored.
  void DeletePass(const std::string& pass_type);
  void DeletePass(size_t idx);
  void ClearPasses();
  bool HasPass(const std::string& pass_type) const;
  const std::vector<std::string>& AllPasses() const { return passes_; }
  // Asks the IR layer to dump the program after every pass.
  void TurnOnDebug() { debug_ = true; }
  bool debug() const { return debug_; }
  std::string DebugString() const;

  // The default CPU inference pipeline.
  static const std::vector<std::string>& DefaultCpuPasses();

 private:
  std::vector<std::string> passes_;
  bool debug_ = false;
};

// What to load and how to run it. A plain value: copying it copies every setting.
class Config {
 public:
  using Precision = PrecisionType;

  Config() = default;
  // A model directory (holding `inference.pdmodel`/`inference.pdiparams` or a legacy
  // `__model__`), or a path prefix `p` for `p.pdmodel`/`p.pdiparams`.
  explicit Config(const std::string& model_dir) { SetModel(model_dir); }
  Config(const std::string& prog_file, const std::string& params_file) {
    SetModel(prog_file, params_file);
  }

  void SetModel(const std::string& model_dir);
  void SetModel(const std::string& prog_file, const std::string& params_file);
  void SetProgFile(const std::string& prog_file);
  void SetParamsFile(const std::string& params_file);
  const std::string& model_dir() const { return model_dir_; }
  const std::string& prog_file() const { return prog_file_; }
  const std::string& params_file() const { return params_file_; }

  // Loads the program and parameters from memory instead of files (bytes are copied).
  void SetModelBuffer(const char* prog_buffer, size_t prog_buffer_size,
                      const char* params_buffer, size_t params_buffer_size);
  bool model_from_memory() const { return model_from_memory_; }
  const std::string& prog_buffer() const { return prog_buffer_; }
  const std::string& params_buffer() const { return params_buffer_; }

  // Devices. GPU requests are recorded; a CPU-only build refuses them in CreatePredictor.
  void EnableUseGpu(uint64_t memory_pool_init_size_mb, int device_id = 0,
                    PrecisionType precision = PrecisionType::kFloat32);
  // Back to the CPU: the CPU-only passes that EnableUseGpu took out return to their places.
  void DisableGpu();
  bool use_gpu() const { return use_gpu_; }
  int gpu_device_id() const { return gpu_device_id_; }
  uint64_t memory_pool_init_size_mb() const { return memory_pool_init_size_mb_; }
  PrecisionType gpu_precision() const { return gpu_precision_; }

  // CPU: the size of the runtime's intra-op thread pool (process-wide; default 1).
  void SetCpuMathLibraryNumThreads(int cpu_math_library_num_threads);
  int cpu_math_library_num_threads() const { return cpu_math_library_num_threads_; }
  // oneDNN is not part of this runtime: recorded for Summary(), otherwise no-ops.
  void EnableMKLDNN() { use_mkldnn_ = true; }
  void DisableMKLDNN() { use_mkldnn_ = false; }
  void EnableONEDNN() { EnableMKLDNN(); }
  void DisableONEDNN() { DisableMKLDNN(); }
  bool mkldnn_enabled() const { return use_mkldnn_; }
  void SetMkldnnCacheCapacity(int capacity) { mkldnn_cache_capacity_ = capacity; }

  // Optimisation.
  void SwitchIrOptim(int x = true) { ir_optim_ = x != 0; }
  bool ir_optim() const { return ir_optim_; }
  void SwitchIrDebug(int x = true);
  bool ir_debug() const { return ir_debug_; }
  // Adds buffer_shared_inplace_pass (ops write into dead inputs); the executor frees
  // temporaries after their last use in any case.
  void EnableMemoryOptim(bool x = true) { enable_memory_optim_ = x; }
  bool enable_memory_optim() const { return enable_memory_optim_; }
  // Legacy switches: feeds and fetches are always bound by name. Recorded.
  void SwitchUseFeedFetchOps(int x = true) { use_feed_fetch_ops_ = x != 0; }
  bool use_feed_fetch_ops_enabled() const { return use_feed_fetch_ops_; }
  void SwitchSpecifyInputNames(bool x = true) { specify_input_name_ = x; }
  bool specify_input_name() const { return specify_input_name_; }
  // Records every op of every Run; the Predictor prints the per-op table when it is
  // destroyed (paddle.profiler reads the same recorder from Python).
  void EnableProfile() { profile_enabled_ = true; }
  bool profile_enabled() const { return profile_enabled_; }
  void DisableGlogInfo() { glog_info_disabled_ = true; }
  bool glog_info_disabled() const { return glog_info_disabled_; }

  PaddlePassBuilder* pass_builder() { return &pass_builder_; }
  const PaddlePassBuilder* pass_builder() const { return &pass_builder_; }

  // A two-column table of every setting.
  std::string Summary() const;

 private:
  std::string model_dir_, prog_file_, params_file_;
  bool model_from_memory_ = false;
  std::string prog_buffer_, params_buffer_;
  bool use_gpu_ = false;
  int gpu_device_id_ = 0;
  uint64_t memory_pool_init_size_mb_ = 0;
  PrecisionType gpu_precision_ = PrecisionType::kFloat32;
  int cpu_math_library_num_threads_ = 1;
  bool use_mkldnn_ = false;
  int mkldnn_cache_capacity_ = 10;
  bool ir_optim_ = true;
  bool ir_debug_ = false;
  bool enable_memory_optim_ = false;
  bool use_feed_fetch_ops_ = false;
  bool specify_input_name_ = true;
  bool glog_info_disabled_ = false;
  bool profile_enabled_ = false;
  PaddlePassBuilder pass_builder_;
  std::vector<std::string> gpu_removed_passes_;  // by EnableUseGpu, for DisableGpu
};

// A handle on one input or output of a Predictor. Input handles: Reshape, then CopyFromCpu
// (or mutable_data); output handles: after Run, shape() and CopyToCpu. Handles stay valid
// (and keep their data) even after the predictor is gone. Errors throw std::exception
// subclasses with messages.
class Tensor {
 public:
  struct Impl;
  explicit Tensor(std::unique_ptr<Impl> impl);
  ~Tensor();
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;

  void Reshape(const std::vector<int>& shape);
  template <typename T>
  void CopyFromCpu(const T* data);
  template <typename T>
  void CopyToCpu(T* data) const;
  // Binds the input to the caller's buffer of `shape` (no copy): Run reads `data` as it is then,
  // so it must stay valid and unchanged until the input is set again or the predictor is gone.
  // CPU data only (place kCPU); `layout` is recorded by PaddlePaddle and not used here. Run never
  // writes it: an input that an op of the program writes runs on a copy.
  template <typename T>
  void ShareExternalData(const T* data, const std::vector<int>& shape, PlaceType place,
                         DataLayout layout = DataLayout::kNCHW);
  // Storage for an input of the current shape, to be filled in place.
  template <typename T>
  T* mutable_data(PlaceType place);
  // The current data (read-only use); *place and *size (elements) are set.
  template <typename T>
  T* data(PlaceType* place, int* size) const;

  std::vector<int> shape() const;
  DataType type() const;
  const std::string& name() const;
  PlaceType place() const;

 private:
  friend struct paddle::inference::TensorSlotAccess;  // the runtime's own bindings
  std::unique_ptr<Impl> impl_;
};

// Activation memory of a predictor's model, in bytes (see Predictor::GetMemoryPlan).
struct MemoryPlan {
  int64_t planned_bytes = 0;      // peak held under the executor's free points
  int64_t lower_bound_bytes = 0;  // largest sum of temporaries live at once
  int64_t parameter_bytes = 0;    // the model's parameters
  int64_t last_peak_bytes = 0;    // allocator peak of the last Run() (0 before any)
};

// Runs one loaded model. Not thread-safe: use one predictor per thread, made with Clone()
// on the main thread (clones share the parameters, read-only).
class Predictor {
 public:
  class Impl;
  explicit Predictor(const Config& config);
  explicit Predictor(std::unique_ptr<Impl> impl);
  ~Predictor();
  Predictor(const Predictor&) = delete;
  Predictor& operator=(const Predictor&) = delete;

  std::vector<std::string> GetInputNames();
  std::map<std::string, std::vector<int64_t>> GetInputTensorShape();
  std::map<std::string, DataType> GetInputTypes();
  std::unique_ptr<Tensor> GetInputHandle(const std::string& name);

  // Runs the model on the inputs set through the handles. Returns false when the run fails;
  // GetLastError() then tells why (the output handles hold no data).
  bool Run();
  std::string GetLastError() const;

  std::vector<std::string> GetOutputNames();
  std::map<std::string, std::vector<int64_t>> GetOutputTensorShape();
  std::map<std::string, DataType> GetOutputTypes();
  std::unique_ptr<Tensor> GetOutputHandle(const std::string& name);

  // A predictor sharing this one's parameters with its own temporaries and handles.
  std::unique_ptr<Predictor> Clone(void* stream = nullptr);
  // Frees the temporaries of the last run (inputs and outputs stay).
  void ClearIntermediateTensor();
  // Frees temporaries, trims input/output buffers to their current sizes and returns the
  // allocator's cached blocks to the system; returns the bytes this predictor stopped holding.
  uint64_t TryShrinkMemory();
  // The memory plan of the model with -1 dimensions taken as `batch_size` (an extension:
  // PaddlePaddle has no such call).
  MemoryPlan GetMemoryPlan(int64_t batch_size = 1);

 private:
  std::unique_ptr<Impl> impl_;
};

// Loads the model the config names; throws a std::exception subclass naming the file and
// the problem when it cannot.
std::shared_ptr<Predictor> CreatePredictor(const Config& config);

int GetNumBytesOfDataType(DataType dtype);
std::string GetVersion();
// Sets a runtime flag (FLAGS_<name>) by name; throws when the flag is unknown.
void UpdateDllFlag(const char* name, const char* value);

namespace services {
// `size` predictors for one model: index 0 is created from the config, the rest are its
// clones. Hand each thread its own index.
class PredictorPool {
 public:
  PredictorPool() = delete;
  PredictorPool(const PredictorPool&) = delete;
  PredictorPool& operator=(const PredictorPool&) = delete;
  explicit PredictorPool(const Config& config, size_t size = 1);
  ~PredictorPool();

  // (sic: PaddlePaddle's spelling.) Throws std::out_of_range-like errors for a bad index.
  Predictor* Retrive(size_t idx);
  size_t size() const { return 1 + clones_.size(); }

 private:
  std::shared_ptr<Predictor> main_;
  std::vector<std::unique_ptr<Predictor>> clones_;
};
}  // namespace services

}  // namespace paddle_infer

// The names PaddlePaddle's older API uses.
namespace paddle {
using AnalysisConfig = paddle_infer::Config;
using PaddleDType = paddle_infer::DataType;
using PaddlePlace = paddle_infer::PlaceType;
using PaddlePassBuilder = paddle_infer::PaddlePassBuilder;
using ZeroCopyTensor = paddle_infer::Tensor;
}  // namespace paddle
