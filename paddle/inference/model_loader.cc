// Config -> LoadedModel: find the files, read and parse the program, check its ops and its
// feed/fetch targets, load the parameters into a root scope, apply the IR passes. Every
// failure is a typed error naming the file (or buffer) and the problem.
#include <algorithm>
#include <filesystem>
#include <set>

#include "paddle/common/errors.h"
#include "paddle/common/logging.h"
#include "paddle/framework/model_io.h"
#include "paddle/framework/op_record.h"
#include "paddle/framework/var_type.h"
#include "paddle/phi/core/device_runtime.h"
#include "paddle/inference/pass_hook.h"
#include "paddle/inference/predictor_impl.h"
#include "paddle/phi/core/kernel_registry.h"  // TailoredNote
#include "paddle/ir/pass.h"

namespace paddle {
namespace inference {

namespace {

namespace fs = std::filesystem;
using framework::proto::VarType;

bool IsFile(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

bool IsDir(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string ReadModelFile(const std::string& path, const char* what) {
  std::error_code ec;
  PD_CHECK(fs::exists(path, ec), NotFound, "expected the ", what, " '", path,
           "' to exist, but it does not");
  PD_CHECK(IsFile(path), InvalidArgument, "expected the ", what, " '", path,
           "' to be a regular file, but it is not (a directory?)");
  return framework::ReadFile(path);
}

// Where the program and the parameters come from.
struct ModelSource {
  std::string program_bytes;
  std::string program_source;
  enum class Params { kNone, kCombinedBytes, kCombinedFile, kPerVariableFiles } params =
      Params::kNone;
  std::string params_bytes;  // kCombinedBytes
  std::string params_path;   // kCombinedFile: the file; kPerVariableFiles: the directory
  std::string params_source;
};

// PaddlePaddle's rules: SetModel(prog, params) names two files; SetModel(dir) looks for
// `inference.pdmodel` (+ `.pdiparams`) or a legacy `__model__` (+ `__params__`, or one file
// per parameter). A path prefix `p` with `p.pdmodel` beside it also works.
ModelSource Resolve(const paddle_infer::Config& config) {
  ModelSource src;
  if (config.model_from_memory()) {
    src.program_bytes = config.prog_buffer();
    src.program_source = "<model buffer>";
    src.params = ModelSource::Params::kCombinedBytes;
    src.params_bytes = config.params_buffer();
    src.params_source = "<params buffer>";
    return src;
  }
  std::string prog = config.prog_file();
  std::string params = config.params_file();
  bool per_variable = false;
  if (prog.empty() && !config.model_dir().empty()) {
    const std::string& dir = config.model_dir();
    if (IsDir(dir)) {
      if (IsFile(dir + "/inference.pdmodel")) {
        prog = dir + "/inference.pdmodel";
        params = dir + "/inference.pdiparams";
      } else if (IsFile(dir + "/__model__")) {
        prog = dir + "/__model__";
        if (IsFile(dir + "/__params__")) {
          params = dir + "/__params__";
        } else {
          params = dir;
          per_variable = true;
        }
      } else {
        PD_CHECK(!IsFile(dir + "/inference.json"), Unimplemented, "expected a legacy program in '",
                 dir, "', but it holds a PIR program (inference.json), which this runtime cannot ",
                 "read; export with FLAGS_enable_pir_api=0 to get inference.pdmodel");
        PD_THROW(NotFound, "expected the model directory '", dir,
                 "' to hold inference.pdmodel or __model__, but it holds neither");
      }
    } else if (IsFile(dir + ".pdmodel")) {
      prog = dir + ".pdmodel";
      params = dir + ".pdiparams";
    } else if (EndsWith(dir, ".pdmodel") && IsFile(dir)) {
      prog = dir;
      params = dir.substr(0, dir.size() - 8) + ".pdiparams";
    } else {
      PD_THROW(NotFound, "expected a model directory or path prefix '", dir, "' (looked for ",
               dir, "/inference.pdmodel, ", dir, "/__model__ and ", dir,
               ".pdmodel), but none exists");
    }
  }
  PD_CHECK(!prog.empty(), InvalidArgument,
           "expected a model: call Config::SetModel(...) or SetModelBuffer(...) first, but the "
           "config names none");
  PD_CHECK(!EndsWith(prog, ".json"), Unimplemented, "expected a legacy ProgramDesc file, but '",
           prog, "' is a PIR program, which this runtime cannot read; export with "
           "FLAGS_enable_pir_api=0 to get a .pdmodel");
  src.program_bytes = ReadModelFile(prog, "model file");
  src.program_source = prog;
  if (per_variable) {
    src.params = ModelSource::Params::kPerVariableFiles;
  } else if (!params.empty()) {
    src.params = ModelSource::Params::kCombinedFile;
  }
  src.params_path = params;
  src.params_source = params;
  return src;
}

std::unique_ptr<framework::ProgramDesc> ParseProgram(const ModelSource& src) {
  PD_CHECK(!src.program_bytes.empty(), InvalidArgument, "expected a serialized ProgramDesc in ",
           src.program_source, ", but it is empty (0 bytes)");
  std::unique_ptr<framework::ProgramDesc> program;
  try {
    program = framework::ProgramDesc::Parse(src.program_bytes);
  } catch (const std::exception& e) {
    common::RethrowWithContext(e, "while parsing the model program " + src.program_source);
  }
  PD_CHECK(program->Size() > 0, InvalidArgument, "expected the model program ",
           src.program_source, " to hold at least one block, but it holds none (",
           src.program_bytes.size(), " bytes that are not a Paddle program?)");
  return program;
}

void CheckOpsRegistered(const framework::ProgramDesc& program, const std::string& source) {
  const auto& registry = framework::OpRecordRegistry::Instance();
  for (size_t b = 0; b < program.Size(); ++b) {
    const framework::BlockDesc& block = program.Block(b);
    for (size_t i = 0; i < block.OpSize(); ++i) {
      const std::string& type = block.Op(i)->Type();
      PD_CHECK(registry.Find(type) != nullptr, Unimplemented, "expected op types this runtime ",
               "supports in the model program ", source, ", but got op type '", type,
               "' (op #", i, " of block ", b, "), which is not registered", phi::TailoredNote());
    }
  }
}

void CheckTargets(const framework::ProgramDesc& program, const std::vector<std::string>& names,
                  const char* what, const std::string& source) {
  const framework::BlockDesc& block = program.Block(0);
  for (const auto& name : names) {
    const framework::VarDesc* var = block.FindVar(name);
    PD_CHECK(var != nullptr, InvalidArgument, "expected the ", what, " target '", name,
             "' of the model program ", source, " to be declared in block 0, but it is not");
    PD_CHECK(var->HasTensorDesc(), InvalidArgument, "expected the ", what, " target '", name,
             "' of the model program ", source, " to be a dense tensor, but it is of type ",
             framework::VarTypeName(var->GetType()));
  }
}

std::string JoinFirst(const std::vector<std::string>& names, size_t limit) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < limit; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > limit) out += ", ...";
  return out;
}

void LoadParameters(const ModelSource& src, const framework::ProgramDesc& program,
                    framework::Scope* scope) {
  std::vector<std::string> names = framework::PersistableNames(program);
  std::vector<phi::DenseTensor> tensors;
  switch (src.params) {
    case ModelSource::Params::kNone:
      PD_CHECK(names.empty(), InvalidArgument, "expected a params file for the model program ",
               src.program_source, ", which declares ", names.size(), " parameters (",
               JoinFirst(names, 4), "), but the config names none");
      return;
    case ModelSource::Params::kCombinedBytes:
      tensors = framework::LoadCombined(src.params_bytes, src.params_source, program, names);
      break;
    case ModelSource::Params::kCombinedFile: {
      std::error_code ec;
      if (names.empty() && !fs::exists(src.params_path, ec)) return;  // nothing to load
      PD_CHECK(fs::exists(src.params_path, ec), NotFound, "expected the params file '",
               src.params_path, "' to exist (the model program ", src.program_source,
               " declares ", names.size(), " parameters), but it does not");
      std::string bytes = ReadModelFile(src.params_path, "params file");
      tensors = framework::LoadCombined(bytes, src.params_path, program, names);
      break;
    }
    case ModelSource::Params::kPerVariableFiles:
      for (const auto& name : names) {
        std::string path = src.params_path + "/" + name;
        std::string bytes = ReadModelFile(path, "parameter file");
        auto one = framework::LoadCombined(bytes, path, program, {name});
        tensors.push_back(std::move(one[0]));
      }
      break;
  }
  for (size_t i = 0; i < names.size(); ++i)
    *scope->Var(names[i])->GetMutable<phi::DenseTensor>() = std::move(tensors[i]);
}

std::vector<std::string> WrittenPersistables(const framework::ProgramDesc& program) {
  std::set<std::string> written;
  const framework::BlockDesc& block = program.Block(0);
  for (const framework::OpDesc* op : block.AllOps()) {
    if (op->Type() == "feed" || op->Type() == "fetch" || op->Type() == "fetch_v2") continue;
    for (const auto& name : op->OutputArgumentNames()) {
      const framework::VarDesc* var = block.FindVar(name);
      if (var != nullptr && var->Persistable()) written.insert(name);
    }
  }
  return {written.begin(), written.end()};
}

// The feed targets that some op in any block of `program` writes.
std::vector<std::string> WrittenInputs(const framework::ProgramDesc& program,
                                       const std::vector<std::string>& inputs) {
  std::set<std::string> wanted(inputs.begin(), inputs.end()), written;
  for (size_t b = 0; b < program.Size(); ++b) {
    for (const framework::OpDesc* op : program.Block(b).AllOps()) {
      if (op->Type() == "feed" || op->Type() == "fetch" || op->Type() == "fetch_v2") continue;
      for (const auto& name : op->OutputArgumentNames())
        if (wanted.count(name)) written.insert(name);
    }
  }
  return {written.begin(), written.end()};
}

// A PassApplier registered with SetPassApplier wins; otherwise the IR layer's pipeline runs
// with the parameters at hand (constant folding stores its results there). Pass names this
// build does not have are skipped rather than failing the load.
void ApplyIrPasses(const paddle_infer::Config& config, framework::ProgramDesc* program,
                   framework::Scope* parameters) {
  std::vector<std::string> passes;
  if (config.ir_optim()) passes = config.pass_builder()->AllPasses();
  if (config.enable_memory_optim()) passes.push_back("buffer_shared_inplace_pass");
  if (PassApplier apply = GetPassApplier()) {
    apply(program, passes);
    return;
  }
  std::vector<std::string> available;
  for (const auto& name : passes) {
    if (ir::PassRegistry::Instance().Has(name)) {
      available.push_back(name);
    } else {
      VLOG(1) << "inference: IR pass '" << name << "' is not in this build; skipped";
    }
  }
  if (available.empty()) return;
  ir::PassManagerOptions options;
  if (config.ir_debug() || config.pass_builder()->debug()) {
    options.verify = true;
    options.dump_after = available.back();
  }
  *program = *ir::ApplyPasses(*program, available, parameters, {}, options);
}

}  // namespace

std::shared_ptr<const LoadedModel> LoadModel(const paddle_infer::Config& config) {
  PD_CHECK(!config.use_gpu() || phi::CompiledWithCuda(), Unimplemented,
           "expected a CPU config, but Config::EnableUseGpu(", config.memory_pool_init_size_mb(),
           ", ", config.gpu_device_id(),
           ") was called and this build has no GPU backend (build with -DWITH_GPU=ON); call "
           "Config::DisableGpu()");
  PD_CHECK(!config.use_gpu() || config.gpu_device_id() < phi::GpuDeviceCount(),
           PreconditionNotMet, "expected Config::EnableUseGpu's device id to name one of the ",
           phi::GpuDeviceCount(), " GPUs this process sees, but got device ",
           config.gpu_device_id(), "; call Config::DisableGpu() to run on the CPU");
  ModelSource src = Resolve(config);
  auto model = std::make_shared<LoadedModel>();
  model->program_source = src.program_source;
  model->params_source = src.params_source;
  model->config = config;
  std::unique_ptr<framework::ProgramDesc> program = ParseProgram(src);
  CheckOpsRegistered(*program, src.program_source);
  model->input_names = program->GetFeedTargetNames();
  model->output_names = program->GetFetchTargetNames();
  CheckTargets(*program, model->input_names, "feed", src.program_source);
  CheckTargets(*program, model->output_names, "fetch", src.program_source);
  PD_CHECK(!model->output_names.empty(), InvalidArgument, "expected fetch ops in the model ",
           "program ", src.program_source, ", but it has none (save it with ",
           "paddle.static.save_inference_model)");

  // Parameters follow the program as saved: passes may rename or fold them afterwards.
  model->parameters = std::make_unique<framework::Scope>();
  LoadParameters(src, *program, model->parameters.get());

  if (config.ir_optim() || config.enable_memory_optim()) {
    try {
      ApplyIrPasses(config, program.get(), model->parameters.get());
    } catch (const std::exception& e) {
      common::RethrowWithContext(e, "while applying IR passes to " + src.program_source);
    }
    std::string after = src.program_source + " (after IR passes)";
    CheckOpsRegistered(*program, after);
    CheckTargets(*program, model->input_names, "feed", after);
    CheckTargets(*program, model->output_names, "fetch", after);
  }
  model->written_persistables = WrittenPersistables(*program);
  model->written_inputs = WrittenInputs(*program, model->input_names);
  // From here the parameters are never written: predictors copy those their program writes.
  // Frozen, they let kernels keep forms derived from them (filters and weights packed once).
  for (const std::string& name : model->parameters->LocalVarNames()) {
    framework::Variable* var = model->parameters->FindLocalVar(name);
    if (var == nullptr || !var->IsType<phi::DenseTensor>()) continue;
    const std::shared_ptr<phi::Allocation>& storage = var->Get<phi::DenseTensor>().Holder();
    if (storage != nullptr) storage->Freeze();
  }
  model->program = *program;
  return model;
}

phi::DataType ToPhiDataType(paddle_infer::DataType dtype) {
  using D = paddle_infer::DataType;
  switch (dtype) {
    case D::FLOAT32: return phi::DataType::FLOAT32;
    case D::INT64: return phi::DataType::INT64;
    case D::INT32: return phi::DataType::INT32;
    case D::UINT8: return phi::DataType::UINT8;
    case D::INT8: return phi::DataType::INT8;
    case D::FLOAT16: return phi::DataType::FLOAT16;
    case D::BOOL: return phi::DataType::BOOL;
    case D::FLOAT64: return phi::DataType::FLOAT64;
    case D::BFLOAT16: return phi::DataType::BFLOAT16;
  }
  PD_THROW(InvalidArgument, "expected a paddle_infer::DataType, but got ",
           static_cast<int>(dtype));
}

paddle_infer::DataType ToInferDataType(phi::DataType dtype) {
  using D = paddle_infer::DataType;
  switch (dtype) {
    case phi::DataType::FLOAT32: return D::FLOAT32;
    case phi::DataType::INT64: return D::INT64;
    case phi::DataType::INT32: return D::INT32;
    case phi::DataType::UINT8: return D::UINT8;
    case phi::DataType::INT8: return D::INT8;
    case phi::DataType::FLOAT16: return D::FLOAT16;
    case phi::DataType::BOOL: return D::BOOL;
    case phi::DataType::FLOAT64: return D::FLOAT64;
    case phi::DataType::BFLOAT16: return D::BFLOAT16;
    default:
      PD_THROW(Unimplemented, "expected a data type the paddle_infer API can name, but got ",
               dtype);
  }
}

}  // namespace inference
}  // namespace paddle
