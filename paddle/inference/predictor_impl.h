// Internals behind the paddle_infer handles: the loaded model (program, parameters) that a
// predictor shares with its clones, the per-predictor input/output slots the Tensor handles
// point at, and the loader that turns a Config into a LoadedModel.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "paddle/framework/block_desc.h"
#include "paddle/framework/scope.h"
#include "paddle/inference/paddle_inference_api.h"
#include "paddle/phi/core/dense_tensor.h"

namespace paddle {
namespace inference {

// Immutable once loaded: clones read it from several threads at once.
struct LoadedModel {
  std::string program_source;  // the model file, or "<model buffer>", for messages
  std::string params_source;
  framework::ProgramDesc program;  // after the IR passes
  std::unique_ptr<framework::Scope> parameters;
  std::vector<std::string> input_names;   // feed targets, by `col`
  std::vector<std::string> output_names;  // fetch targets, by `col`
  // Persistable variables that ops of the program write: each predictor gets its own copy
  // so that clones never write shared memory.
  std::vector<std::string> written_persistables;
  // Feed targets that an op of the program (any block) writes: Run feeds them a copy.
  std::vector<std::string> written_inputs;
  paddle_infer::Config config;
};

// Reads, parses, checks and loads what `config` names, applying the registered IR passes
// when config.ir_optim(). Throws typed errors naming the file and the problem.
std::shared_ptr<const LoadedModel> LoadModel(const paddle_infer::Config& config);

// One input or output of one predictor. Shared by the predictor and its handles.
struct TensorSlot {
  std::string name;
  bool is_input = false;
  std::string model_source;          // for messages
  phi::DataType declared_dtype = phi::DataType::UNDEFINED;
  std::vector<int64_t> declared_shape;  // -1 for dynamic dimensions
  bool has_declared_shape = false;
  phi::DenseTensor tensor;
  bool shaped = false;  // inputs: Reshape() was called
  // Inputs: data was written (CopyFromCpu / mutable_data) for the current shape.
  // Outputs: the last Run succeeded and `tensor` holds its result.
  bool filled = false;
  // Inputs: `tensor` holds the caller's memory (ShareExternalData), never written here: the
  // next CopyFromCpu / mutable_data allocates afresh instead of reusing it.
  bool external = false;
  // Inputs: an op of the program writes this variable (LoadedModel::written_inputs), so Run
  // feeds it a copy.
  bool written_by_program = false;
};

// Binds the input behind `handle` to `storage`, which holds `dtype` data of `shape`
// (ShareExternalData's checks; `call` names the caller in messages). `storage`'s deleter lets
// go of the caller's buffer (the Python binding keeps a NumPy array alive through it).
void ShareExternalStorage(paddle_infer::Tensor* handle, std::shared_ptr<phi::Allocation> storage,
                          phi::DataType dtype, const std::vector<int>& shape, const char* call);

phi::DataType ToPhiDataType(paddle_infer::DataType dtype);
// Throws Unimplemented for element types the paddle_infer API has no name for.
paddle_infer::DataType ToInferDataType(phi::DataType dtype);

}  // namespace inference
}  // namespace paddle

struct paddle_infer::Tensor::Impl {
  std::shared_ptr<paddle::inference::TensorSlot> slot;
};

// The slot behind a handle, for the runtime's own code outside paddle_infer (bindings).
struct paddle::inference::TensorSlotAccess {
  static TensorSlot& Slot(paddle_infer::Tensor* handle) { return *handle->impl_->slot; }
};
