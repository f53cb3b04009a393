// paddle_infer::Config and PaddlePassBuilder (plain settings), and the API's small free
// functions.
#include <algorithm>
#include <sstream>

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"
#include "paddle/inference/paddle_inference_api.h"

namespace paddle_infer {

// ---- PaddlePassBuilder --------------------------------------------------------------------

const std::vector<std::string>& PaddlePassBuilder::DefaultCpuPasses() {
  static const std::vector<std::string> passes = {
      "is_test_pass",
      "conv_bn_fuse_pass",
      "conv_elementwise_add_act_fuse_pass",
      "mbconv_fuse_pass",
      "conv_depthwise_fuse_pass",
      "scaled_conv_fuse_pass",
      "fc_fuse_pass",
      "multihead_attention_fuse_pass",
      "dead_code_elimination_pass",
      "constant_folding_pass",
      "mbconv_layout_pass",
      "conv_layout_pass",
  };
  return passes;
}

PaddlePassBuilder::PaddlePassBuilder() : passes_(DefaultCpuPasses()) {}

PaddlePassBuilder::PaddlePassBuilder(const std::vector<std::string>& passes) : passes_(passes) {}

void PaddlePassBuilder::AppendPass(const std::string& pass_type) { passes_.push_back(pass_type); }

void PaddlePassBuilder::InsertPass(size_t idx, const std::string& pass_type) {
  passes_.insert(passes_.begin() + std::min(idx, passes_.size()), pass_type);
}

void PaddlePassBuilder::DeletePass(const std::string& pass_type) {
  passes_.erase(std::remove(passes_.begin(), passes_.end(), pass_type), passes_.end());
}

void PaddlePassBuilder::DeletePass(size_t idx) {
  PD_CHECK(idx < passes_.size(), OutOfRange, "expected a pass index in [0, ", passes_.size(),
           "), but got ", idx);
  passes_.erase(passes_.begin() + idx);
}

void PaddlePassBuilder::ClearPasses() { passes_.clear(); }

bool PaddlePassBuilder::HasPass(const std::string& pass_type) const {
  return std::find(passes_.begin(), passes_.end(), pass_type) != passes_.end();
}

std::string PaddlePassBuilder::DebugString() const {
  std::ostringstream os;
  os << "passes (" << passes_.size() << (debug_ ? ", debug on" : "") << "):\n";
  for (const auto& pass : passes_) os << "  - " << pass << "\n";
  return os.str();
}

// ---- Config -------------------------------------------------------------------------------

void Config::SetModel(const std::string& model_dir) {
  model_dir_ = model_dir;
  prog_file_.clear();
  params_file_.clear();
  model_from_memory_ = false;
}

void Config::SetModel(const std::string& prog_file, const std::string& params_file) {
  model_dir_.clear();
  prog_file_ = prog_file;
  params_file_ = params_file;
  model_from_memory_ = false;
}

void Config::SetProgFile(const std::string& prog_file) {
  prog_file_ = prog_file;
  model_from_memory_ = false;
}

void Config::SetParamsFile(const std::string& params_file) {
  params_file_ = params_file;
  model_from_memory_ = false;
}

void Config::SetModelBuffer(const char* prog_buffer, size_t prog_buffer_size,
                            const char* params_buffer, size_t params_buffer_size) {
  PD_CHECK(prog_buffer != nullptr || prog_buffer_size == 0, InvalidArgument,
           "expected a program buffer, but got nullptr with size ", prog_buffer_size);
  PD_CHECK(params_buffer != nullptr || params_buffer_size == 0, InvalidArgument,
           "expected a parameter buffer, but got nullptr with size ", params_buffer_size);
  prog_buffer_.assign(prog_buffer_size ? prog_buffer : "", prog_buffer_size);
  params_buffer_.assign(params_buffer_size ? params_buffer : "", params_buffer_size);
  model_from_memory_ = true;
  model_dir_.clear();
  prog_file_.clear();
  params_file_.clear();
}

void Config::EnableUseGpu(uint64_t memory_pool_init_size_mb, int device_id,
                          PrecisionType precision) {
  use_gpu_ = true;
  // fused_mbconv, fused_conv_depthwise, fused_scaled_conv2d and fused_multihead_attention have
  // CPU kernels only: on the GPU those layers stay cuDNN's convolutions and cuBLAS's GEMMs (as
  // PaddlePaddle's GPU pass list differs from its CPU one), and fused_mbconv's layout plan goes
  // with them; so does fused_conv2d's (its GPU kernel writes Output in Input's layout).
  for (const char* pass :
       {"mbconv_fuse_pass", "conv_depthwise_fuse_pass", "scaled_conv_fuse_pass",
        "multihead_attention_fuse_pass", "mbconv_layout_pass", "conv_layout_pass"}) {
    if (!pass_builder_.HasPass(pass)) continue;
    pass_builder_.DeletePass(pass);
    gpu_removed_passes_.push_back(pass);
  }
  memory_pool_init_size_mb_ = memory_pool_init_size_mb;
  gpu_device_id_ = device_id;
  gpu_precision_ = precision;
}

void Config::DisableGpu() {
  use_gpu_ = false;
  // Each pass back after the last pass that precedes it in the default list (or first).
  const std::vector<std::string>& defaults = PaddlePassBuilder::DefaultCpuPasses();
  for (const std::string& pass : gpu_removed_passes_) {
    if (pass_builder_.HasPass(pass)) continue;
    const std::vector<std::string>& now = pass_builder_.AllPasses();
    size_t at = 0;
    const auto in_defaults = std::find(defaults.begin(), defaults.end(), pass);
    for (auto before = defaults.begin(); before != in_defaults; ++before) {
      const auto found = std::find(now.begin(), now.end(), *before);
      if (found != now.end()) at = std::max<size_t>(at, found - now.begin() + 1);
    }
    pass_builder_.InsertPass(at, pass);
  }
  gpu_removed_passes_.clear();
}

void Config::SetCpuMathLibraryNumThreads(int cpu_math_library_num_threads) {
  cpu_math_library_num_threads_ = std::max(1, cpu_math_library_num_threads);
}

void Config::SwitchIrDebug(int x) {
  ir_debug_ = x != 0;
  if (ir_debug_) pass_builder_.TurnOnDebug();
}

namespace {
const char* PrecisionName(PrecisionType p) {
  switch (p) {
    case PrecisionType::kFloat32: return "fp32";
    case PrecisionType::kInt8: return "int8";
    case PrecisionType::kHalf: return "fp16";
    case PrecisionType::kBf16: return "bf16";
  }
  return "?";
}
}  // namespace

std::string Config::Summary() const {
  std::vector<std::pair<std::string, std::string>> rows;
  auto onoff = [](bool b) { return std::string(b ? "true" : "false"); };
  if (model_from_memory_) {
    rows.push_back({"model_from_memory", "true"});
    rows.push_back({"prog_buffer_size", std::to_string(prog_buffer_.size())});
    rows.push_back({"params_buffer_size", std::to_string(params_buffer_.size())});
  } else if (!model_dir_.empty()) {
    rows.push_back({"model_dir", model_dir_});
  } else {
    rows.push_back({"model_file", prog_file_});
    rows.push_back({"params_file", params_file_});
  }
  rows.push_back({"use_gpu", onoff(use_gpu_)});
  if (use_gpu_) {
    rows.push_back({"gpu_device_id", std::to_string(gpu_device_id_)});
    rows.push_back({"memory_pool_init_size", std::to_string(memory_pool_init_size_mb_) + "MB"});
    rows.push_back({"gpu_precision", PrecisionName(gpu_precision_)});
  }
  rows.push_back({"cpu_math_thread", std::to_string(cpu_math_library_num_threads_)});
  rows.push_back({"enable_mkldnn", onoff(use_mkldnn_) + (use_mkldnn_ ? " (not built in)" : "")});
  rows.push_back({"ir_optim", onoff(ir_optim_)});
  rows.push_back({"ir_debug", onoff(ir_debug_)});
  std::string passes;
  for (const auto& p : pass_builder_.AllPasses()) passes += (passes.empty() ? "" : ",") + p;
  rows.push_back({"passes", passes.empty() ? "(none)" : passes});
  rows.push_back({"memory_optim", onoff(enable_memory_optim_)});
  rows.push_back({"use_feed_fetch_ops", onoff(use_feed_fetch_ops_)});
  rows.push_back({"glog_info", onoff(!glog_info_disabled_)});
  rows.push_back({"profile", onoff(profile_enabled_)});

  size_t key_width = 6, value_width = 5;  // "Option", "Value"
  for (const auto& [k, v] : rows) {
    key_width = std::max(key_width, k.size());
    value_width = std::max(value_width, v.size());
  }
  std::ostringstream os;
  auto rule = [&] {
    os << "+" << std::string(key_width + 2, '-') << "+" << std::string(value_width + 2, '-')
       << "+\n";
  };
  auto row = [&](const std::string& k, const std::string& v) {
    os << "| " << k << std::string(key_width - k.size(), ' ') << " | " << v
       << std::string(value_width - v.size(), ' ') << " |\n";
  };
  rule();
  row("Option", "Value");
  rule();
  for (const auto& [k, v] : rows) row(k, v);
  rule();
  return os.str();
}

// ---- free functions -----------------------------------------------------------------------

int GetNumBytesOfDataType(DataType dtype) {
  switch (dtype) {
    case DataType::FLOAT32: return 4;
    case DataType::INT64: return 8;
    case DataType::INT32: return 4;
    case DataType::UINT8: return 1;
    case DataType::INT8: return 1;
    case DataType::FLOAT16: return 2;
    case DataType::BOOL: return 1;
    case DataType::FLOAT64: return 8;
    case DataType::BFLOAT16: return 2;
  }
  PD_THROW(InvalidArgument, "expected a paddle_infer::DataType, but got ",
           static_cast<int>(dtype));
}

std::string GetVersion() {
  return "version: 0.1.0 (paddle-compatible runtime)\nwith_gpu: OFF\nwith_mkldnn: OFF\n"
         "program format: legacy ProgramDesc (.pdmodel) + combined .pdiparams";
}

void UpdateDllFlag(const char* name, const char* value) {
  PD_CHECK(name != nullptr && value != nullptr, InvalidArgument,
           "expected a flag name and a value, but got a null pointer");
  std::string flag = name;
  if (flag.rfind("FLAGS_", 0) == 0) flag = flag.substr(6);
  common::SetFlag(flag, value);
}

}  // namespace paddle_infer
