// paddle_infer::Predictor over one executor::Interpreter, CreatePredictor and the
// PredictorPool. A predictor owns its interpreter, temporaries and input/output slots; the
// parameters belong to the LoadedModel it shares with its clones.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <set>

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"
#include "paddle/common/logging.h"
#include "paddle/common/profiler.h"
#include "paddle/executor/interpreter.h"
#include "paddle/framework/var_type.h"
#include "paddle/inference/predictor_impl.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/device_runtime.h"
#include "paddle/phi/core/tensor_copy.h"

namespace paddle_infer {

using paddle::inference::LoadedModel;
using paddle::inference::TensorSlot;
namespace framework = paddle::framework;

class Predictor::Impl {
 public:
  explicit Impl(std::shared_ptr<const LoadedModel> model);
  ~Impl();

  std::shared_ptr<TensorSlot> FindSlot(const std::string& name, bool input) const;
  const std::string& source() const { return model_->program_source; }

  std::shared_ptr<const LoadedModel> model_;
  // Private copies of persistables the program writes; lookups continue in the parameters.
  std::unique_ptr<framework::Scope> scope_;
  std::unique_ptr<paddle::executor::Interpreter> interpreter_;
  std::vector<std::shared_ptr<TensorSlot>> inputs_, outputs_;
  std::string last_error_;
  // Config::EnableProfile: this predictor turned the recorder on and prints its table.
  bool profile_owner_ = false;
};

namespace {

std::shared_ptr<TensorSlot> MakeSlot(const LoadedModel& model, const std::string& name,
                                     bool input) {
  auto slot = std::make_shared<TensorSlot>();
  slot->name = name;
  slot->is_input = input;
  slot->model_source = model.program_source;
  const framework::VarDesc* var = model.program.Block(0).FindVar(name);
  slot->declared_dtype = framework::VarTypeToDataType(var->GetDataType());
  slot->declared_shape = var->GetShape();
  slot->has_declared_shape = true;
  slot->written_by_program =
      input && std::find(model.written_inputs.begin(), model.written_inputs.end(), name) !=
                   model.written_inputs.end();
  return slot;
}

phi::DenseTensor DeepCopy(const phi::DenseTensor& src) {
  if (!src.initialized()) return phi::DenseTensor(src.dtype(), src.dims());
  phi::DenseTensor copy;
  phi::Copy(src, src.place(), &copy);
  return copy;
}

phi::Place PlaceOf(const Config& config) {
  if (config.use_gpu()) return phi::GPUPlace(config.gpu_device_id());
  return phi::CPUPlace();
}

std::string JoinNames(const std::vector<std::shared_ptr<TensorSlot>>& slots) {
  std::string out;
  for (const auto& s : slots) out += (out.empty() ? "'" : ", '") + s->name + "'";
  return out.empty() ? "none" : out;
}

std::unique_ptr<Predictor::Impl> MakeImpl(const Config& config) {
  common::InitFlagsFromEnv();
  phi::SetNumCPUThreads(config.cpu_math_library_num_threads());
  auto impl = std::make_unique<Predictor::Impl>(paddle::inference::LoadModel(config));
  bool profile = config.profile_enabled() || common::GetFlag("enable_profiler") == "true";
  if (profile && !common::profiler::Enabled()) {
    common::profiler::Enable(size_t{1} << 20);
    impl->profile_owner_ = true;
  }
  return impl;
}

}  // namespace

Predictor::Impl::Impl(std::shared_ptr<const LoadedModel> model) : model_(std::move(model)) {
  scope_ = std::make_unique<framework::Scope>(model_->parameters.get());
  for (const auto& name : model_->written_persistables) {
    framework::Variable* shared = model_->parameters->FindVar(name);
    if (shared != nullptr && shared->IsType<phi::DenseTensor>())
      *scope_->Var(name)->GetMutable<phi::DenseTensor>() =
          DeepCopy(shared->Get<phi::DenseTensor>());
  }
  try {
    interpreter_ = std::make_unique<paddle::executor::Interpreter>(
        model_->program, 0, scope_.get(), PlaceOf(model_->config), model_->output_names);
    // The parameters are shared by the model's clones: moved to their device homes once, here,
    // rather than by whichever clone runs first.
    static std::mutex move_mu;
    std::lock_guard<std::mutex> lock(move_mu);
    interpreter_->MovePersistablesHome();
  } catch (const std::exception& e) {
    common::RethrowWithContext(e, "while preparing the model program " + source() + " to run");
  }
  for (const auto& name : model_->input_names) inputs_.push_back(MakeSlot(*model_, name, true));
  for (const auto& name : model_->output_names) outputs_.push_back(MakeSlot(*model_, name, false));
}

Predictor::Impl::~Impl() {
  if (!profile_owner_) return;
  int64_t dropped = common::profiler::Dropped();
  std::vector<common::profiler::Event> events = common::profiler::Disable();
  std::cout << "Profile of the predictor of " << source() << "\n"
            << common::profiler::OperatorTable(events) << std::flush;
  const std::string path = common::GetFlag("profiler_trace_path");
  if (path.empty()) return;
  // Written whole or not at all: a temporary file renamed into place.
  const std::string tmp = path + ".tmp" + std::to_string(::getpid());
  std::ofstream file(tmp, std::ios::binary | std::ios::trunc);
  file << common::profiler::ChromeTrace(events, dropped);
  file.close();
  if (!file || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    LOG(WARNING) << "could not write the profiler trace to '" << path << "'";
  }
}

std::shared_ptr<TensorSlot> Predictor::Impl::FindSlot(const std::string& name, bool input) const {
  const auto& slots = input ? inputs_ : outputs_;
  for (const auto& slot : slots)
    if (slot->name == name) return slot;
  PD_THROW(NotFound, "expected ", input ? "an input" : "an output", " name of the model ",
           source(), " (one of ", JoinNames(slots), "), but got '", name, "'");
}

// ---- Predictor ----------------------------------------------------------------------------

Predictor::Predictor(const Config& config) : impl_(MakeImpl(config)) {}
Predictor::Predictor(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Predictor::~Predictor() = default;

std::vector<std::string> Predictor::GetInputNames() { return impl_->model_->input_names; }
std::vector<std::string> Predictor::GetOutputNames() { return impl_->model_->output_names; }

namespace {
std::map<std::string, std::vector<int64_t>> Shapes(
    const std::vector<std::shared_ptr<TensorSlot>>& slots) {
  std::map<std::string, std::vector<int64_t>> out;
  for (const auto& s : slots) out[s->name] = s->declared_shape;
  return out;
}
std::map<std::string, DataType> Types(const std::vector<std::shared_ptr<TensorSlot>>& slots) {
  std::map<std::string, DataType> out;
  for (const auto& s : slots) out[s->name] = paddle::inference::ToInferDataType(s->declared_dtype);
  return out;
}
}  // namespace

std::map<std::string, std::vector<int64_t>> Predictor::GetInputTensorShape() {
  return Shapes(impl_->inputs_);
}
std::map<std::string, DataType> Predictor::GetInputTypes() { return Types(impl_->inputs_); }
std::map<std::string, std::vector<int64_t>> Predictor::GetOutputTensorShape() {
  return Shapes(impl_->outputs_);
}
std::map<std::string, DataType> Predictor::GetOutputTypes() { return Types(impl_->outputs_); }

MemoryPlan Predictor::GetMemoryPlan(int64_t batch_size) {
  paddle::executor::MemoryPlan p = impl_->interpreter_->PlanMemory(batch_size);
  MemoryPlan plan;
  plan.planned_bytes = p.planned_bytes;
  plan.lower_bound_bytes = p.lower_bound_bytes;
  plan.parameter_bytes = p.parameter_bytes;
  plan.last_peak_bytes = p.last_peak_bytes;
  return plan;
}

std::unique_ptr<Tensor> Predictor::GetInputHandle(const std::string& name) {
  return std::make_unique<Tensor>(std::make_unique<Tensor::Impl>(Tensor::Impl{impl_->FindSlot(name, true)}));
}

std::unique_ptr<Tensor> Predictor::GetOutputHandle(const std::string& name) {
  return std::make_unique<Tensor>(
      std::make_unique<Tensor::Impl>(Tensor::Impl{impl_->FindSlot(name, false)}));
}

bool Predictor::Run() {
  Impl& p = *impl_;
  p.last_error_.clear();
  for (auto& out : p.outputs_) out->filled = false;
  try {
    std::vector<std::pair<std::string, phi::DenseTensor>> feeds;
    feeds.reserve(p.inputs_.size());
    for (const auto& in : p.inputs_) {
      PD_CHECK(in->filled, PreconditionNotMet, "expected input '", in->name, "' of ", p.source(),
               " to be set before Run(), but it was not (call Reshape() and CopyFromCpu() on ",
               "its handle; a Reshape() to a new shape needs new data)");
      // An input that an op of the program writes runs on a copy: the input keeps its data
      // for the next Run, and memory bound by ShareExternalData is never written.
      feeds.emplace_back(in->name, in->written_by_program ? DeepCopy(in->tensor) : in->tensor);
    }
    common::profiler::RecordEvent event("Predictor.run", common::profiler::EventType::kRun);
    std::vector<phi::DenseTensor> fetched = p.interpreter_->Run(feeds, p.model_->output_names);
    event.SetArgs("peak_bytes=" + std::to_string(p.interpreter_->last_peak_bytes()));
    event.End();
    for (size_t i = 0; i < fetched.size(); ++i) {
      p.outputs_[i]->tensor = std::move(fetched[i]);
      p.outputs_[i]->filled = true;
    }
    return true;
  } catch (const std::exception& e) {
    p.last_error_ = "Run() of the model " + p.source() + " failed: " + e.what();
  } catch (...) {
    p.last_error_ = "Run() of the model " + p.source() + " failed with an unknown exception";
  }
  LOG(ERROR) << p.last_error_;
  return false;
}

std::string Predictor::GetLastError() const { return impl_->last_error_; }

std::unique_ptr<Predictor> Predictor::Clone(void* /*stream: CPU only, unused*/) {
  return std::make_unique<Predictor>(std::make_unique<Impl>(impl_->model_));
}

void Predictor::ClearIntermediateTensor() {
  std::set<std::string> keep(impl_->model_->output_names.begin(),
                             impl_->model_->output_names.end());
  framework::Scope* local = impl_->interpreter_->local_scope();
  for (const auto& name : local->LocalVarNames()) {
    if (keep.count(name)) continue;
    framework::Variable* var = local->FindLocalVar(name);
    if (var != nullptr && var->IsType<phi::DenseTensor>())
      var->GetMutable<phi::DenseTensor>()->clear();
  }
}

uint64_t Predictor::TryShrinkMemory() {
  Impl& p = *impl_;
  // Hold every buffer we let go of; those nobody else holds afterwards are the bytes freed.
  std::map<const phi::Allocation*, std::shared_ptr<phi::Allocation>> dropped;
  auto drop = [&](const phi::DenseTensor& t) {
    if (t.Holder()) dropped.emplace(t.Holder().get(), t.Holder());
  };
  int64_t allocated = 0;
  // An exact-size copy of a tensor whose buffer is larger than its data.
  auto trim = [&](phi::DenseTensor* t) {
    if (!t->Holder() || t->Holder()->size() <= t->nbytes() + phi::CPUAllocator::kAlignment)
      return false;
    drop(*t);
    *t = DeepCopy(*t);
    if (t->Holder()) allocated += static_cast<int64_t>(t->Holder()->size());
    return true;
  };

  framework::Scope* local = p.interpreter_->local_scope();
  std::set<std::string> outputs(p.model_->output_names.begin(), p.model_->output_names.end());
  for (const auto& name : local->LocalVarNames()) {
    if (outputs.count(name)) continue;
    framework::Variable* var = local->FindLocalVar(name);
    if (var == nullptr || !var->IsType<phi::DenseTensor>()) continue;
    phi::DenseTensor* t = var->GetMutable<phi::DenseTensor>();
    drop(*t);
    t->clear();
  }
  for (auto& in : p.inputs_) {
    if (!in->filled) {
      drop(in->tensor);
      in->tensor.clear();
    } else {
      trim(&in->tensor);
    }
  }
  for (auto& out : p.outputs_) {
    framework::Variable* var = local->FindLocalVar(out->name);
    phi::DenseTensor* kept = var != nullptr && var->IsType<phi::DenseTensor>()
                                 ? var->GetMutable<phi::DenseTensor>()
                                 : nullptr;
    if (out->filled) {
      if (trim(&out->tensor) && kept != nullptr) {
        drop(*kept);
        kept->ShareDataWith(out->tensor);
      }
    } else {
      drop(out->tensor);
      out->tensor.clear();
      if (kept != nullptr) {
        drop(*kept);
        kept->clear();
      }
    }
  }
  int64_t released = 0;
  for (const auto& [ptr, holder] : dropped)
    if (holder.use_count() == 1) released += static_cast<int64_t>(holder->size());
  dropped.clear();
  // As PaddlePaddle releases its memory pool: blocks the allocator keeps for reuse (these
  // and any other predictor's) go back to the system.
  phi::GetCPUAllocator()->ReleaseCache();
  phi::ReleaseGpuMemoryCaches();
  return released > allocated ? static_cast<uint64_t>(released - allocated) : 0;
}

std::shared_ptr<Predictor> CreatePredictor(const Config& config) {
  return std::make_shared<Predictor>(config);
}

// ---- PredictorPool ------------------------------------------------------------------------

namespace services {

PredictorPool::PredictorPool(const Config& config, size_t size) {
  PD_CHECK(size >= 1, InvalidArgument, "expected a pool of at least 1 predictor, but got ", size);
  main_ = CreatePredictor(config);
  for (size_t i = 1; i < size; ++i) clones_.push_back(main_->Clone());
}

PredictorPool::~PredictorPool() = default;

Predictor* PredictorPool::Retrive(size_t idx) {
  PD_CHECK(idx < size(), OutOfRange, "expected a predictor index in [0, ", size(),
           "), but got ", idx);
  return idx == 0 ? main_.get() : clones_[idx - 1].get();
}

}  // namespace services
}  // namespace paddle_infer
