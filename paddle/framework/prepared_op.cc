#include "paddle/framework/prepared_op.h"

#include <sstream>

#include "paddle/common/errors.h"
#include "paddle/common/profiler.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/block_desc.h"
#include "paddle/framework/var_type.h"
#include "paddle/phi/core/device_context.h"

namespace paddle {
namespace framework {

namespace {
bool SameMeta(const phi::DenseTensorMeta& a, const phi::DenseTensorMeta& b) {
  return a.dtype == b.dtype && a.layout == b.layout && a.dims == b.dims;
}

// Where attribute `attr` sits among the attributes `refs` binds: (position, type index) pairs.
std::vector<std::pair<int, int>> AttrPositions(const std::vector<ArgRef>& refs,
                                               const phi::KernelArgsDef& args, int attr) {
  std::vector<std::pair<int, int>> at;
  int position = 0;
  for (size_t i = 0; i < refs.size(); ++i) {
    if (refs[i].kind != ArgRef::kAttr) continue;
    if (refs[i].index == attr) at.emplace_back(position, args[i].attr_type_index);
    ++position;
  }
  return at;
}
}  // namespace

PreparedOp::PreparedOp(const OpDesc& op, const OpRecord& record, const phi::KernelKey& key,
                       const phi::DenseTensor* dtype_source, const SlotTensors& inputs,
                       const SlotTensors& outputs, const phi::DeviceContext* dev_ctx)
    : record_(&record), key_(key), dtype_source_(dtype_source) {
  PD_CHECK(!record.no_kernel, Unimplemented, "op '", op.Type(), "' cannot run on its own");
  CheckOpAgainstRecord(op, record);
  if (dtype_source_ != nullptr && dtype_source_->dtype() != phi::DataType::UNDEFINED)
    key_.dtype = dtype_source_->dtype();
  kernel_ = &phi::KernelRegistry::Instance().Select(record.kernel_name, key_);
  infer_ctx_.SetDeviceContext(dev_ctx);
  BindArguments(op, record, record.infer_meta_args, record.infer_meta.args, inputs, outputs,
                &infer_ctx_);
  kernel_ctx_.SetDeviceContext(dev_ctx);
  BindArguments(op, record, record.kernel_args, kernel_->args_def(), inputs, outputs, &kernel_ctx_);
  for (const TensorAttrDef& def : record.tensor_attrs) {
    FedAttr fed;
    fed.def = &def;
    if (def.tensor >= 0) {
      std::vector<phi::DenseTensor*> t = inputs(record.inputs[def.tensor].name);
      if (!t.empty()) fed.tensor = t[0];
    }
    if (fed.tensor == nullptr && def.list >= 0) {
      std::vector<phi::DenseTensor*> l = inputs(record.inputs[def.list].name);
      fed.list.assign(l.begin(), l.end());
    }
    if (fed.tensor == nullptr && fed.list.empty()) continue;
    fed.infer_at = AttrPositions(record.infer_meta_args, record.infer_meta.args, def.attr);
    fed.kernel_at = AttrPositions(record.kernel_args, kernel_->args_def(), def.attr);
    fed_.push_back(std::move(fed));
  }
}

void PreparedOp::BindFedAttrs() {
  for (FedAttr& fed : fed_) {
    Attr value = ReadTensorAttr(*record_, *fed.def, fed.tensor, fed.list);
    if (fed.bound && AttrEquals(value, fed.last)) continue;
    seen_valid_ = false;  // InferMeta sees the new value
    fed.bound = false;    // stays unbound if a conversion throws
    try {
      for (auto [position, type] : fed.infer_at)
        infer_ctx_.SetAttrAt(position, ConvertAttr(value, type));
      for (auto [position, type] : fed.kernel_at)
        kernel_ctx_.SetAttrAt(position, ConvertAttr(value, type));
    } catch (const std::exception& e) {
      common::RethrowWithContext(e, "in op '" + record_->type + "'");
    }
    fed.last = std::move(value);
    fed.bound = true;
  }
}

bool PreparedOp::MetaUnchanged() const {
  if (!seen_valid_) return false;
  size_t i = 0;
  for (const phi::DenseTensor* t : infer_ctx_.inputs())
    if (t != nullptr && !SameMeta(t->meta(), seen_meta_[i++])) return false;
  for (const phi::DenseTensor* t : infer_ctx_.outputs())
    if (t != nullptr && !SameMeta(t->meta(), seen_meta_[i++])) return false;
  return true;
}

void PreparedOp::RememberMeta() {
  seen_meta_.clear();
  for (const phi::DenseTensor* t : infer_ctx_.inputs())
    if (t != nullptr) seen_meta_.push_back(t->meta());
  for (const phi::DenseTensor* t : infer_ctx_.outputs())
    if (t != nullptr) seen_meta_.push_back(t->meta());
  seen_valid_ = true;
}

void PreparedOp::Run() {
  namespace prof = common::profiler;
  if (!fed_.empty()) BindFedAttrs();
  if (!MetaUnchanged()) {
    prof::RecordEvent event;
    if (prof::Enabled()) event.Begin("infer_meta", prof::EventType::kInferMeta);
    seen_valid_ = false;  // stays invalid if InferMeta throws
    record_->infer_meta(&infer_ctx_);
    ++infer_meta_calls_;
    RememberMeta();
  }
  if (dtype_source_ != nullptr && dtype_source_->dtype() != key_.dtype &&
      dtype_source_->dtype() != phi::DataType::UNDEFINED) {
    key_.dtype = dtype_source_->dtype();
    kernel_ = &phi::KernelRegistry::Instance().Select(record_->kernel_name, key_);
  }
  prof::RecordEvent event;
  if (prof::Enabled()) event.Begin("compute", prof::EventType::kCompute);
  (*kernel_)(&kernel_ctx_);
}

std::string InputShapes(const OpDesc& op,
                        const std::function<const phi::DenseTensor*(const std::string&)>& find) {
  std::ostringstream os;
  const char* sep = "";
  for (const auto& [slot, args] : op.Inputs()) {
    if (args.empty()) continue;
    os << sep << slot << "=";
    sep = ", ";
    const char* inner = args.size() > 1 ? "[" : "";
    os << inner;
    for (size_t i = 0; i < args.size(); ++i) {
      const phi::DenseTensor* t = args[i] == kEmptyVarName ? nullptr : find(args[i]);
      if (i > 0) os << ", ";
      if (t == nullptr) {
        os << "None";
        continue;
      }
      os << "[";
      for (int d = 0; d < t->dims().size(); ++d) os << (d ? ", " : "") << t->dims()[d];
      os << "]";
    }
    if (args.size() > 1) os << "]";
  }
  return os.str();
}

phi::KernelKey ChooseKernelKey(const OpDesc& op, const OpRecord& record, const phi::Place& place,
                               const DtypeOf& dtype_of, std::string* dtype_input) {
  phi::DataType dtype = phi::DataType::FLOAT32;
  const std::string& from = record.kernel_dtype_from;
  const AttrDef* dtype_attr = from.empty() ? nullptr : record.FindAttr(from);
  if (dtype_attr != nullptr) {
    phi::Attribute value =
        ConvertAttr(ResolveAttr(op, *dtype_attr), phi::AttributeIndexOf<phi::DataType>());
    dtype = std::get<phi::DataType>(value);
  } else {
    std::string slot = from;
    if (slot.empty()) {
      for (const auto& s : record.inputs) {
        if (!op.Input(s.name).empty()) {
          slot = s.name;
          break;
        }
      }
    }
    const auto& args = op.Input(slot);
    if (!args.empty() && args[0] != kEmptyVarName) {
      phi::DataType known = dtype_of(args[0]);
      if (known != phi::DataType::UNDEFINED) dtype = known;
      if (dtype_input != nullptr) *dtype_input = args[0];
    }
  }
  return phi::KernelKey{phi::PlaceToBackend(place), phi::DataLayout::ANY, dtype};
}

phi::KernelKey ChooseKernelKey(const OpDesc& op, const OpRecord& record, const BlockDesc& block,
                               const phi::Place& place, std::string* dtype_input) {
  auto dtype_of = [&](const std::string& name) {
    const VarDesc* var = block.FindVarRecursive(name);
    PD_CHECK(var != nullptr, NotFound, "expected input variable '", name, "' of op '", op.Type(),
             "' to be declared, but it is not");
    return var->HasTensorDesc() ? VarTypeToDataType(var->GetDataType()) : phi::DataType::UNDEFINED;
  };
  return ChooseKernelKey(op, record, place, dtype_of, dtype_input);
}

std::unique_ptr<PreparedOp> PrepareOpOnTensors(const OpDesc& op, const TensorOf& tensor_of,
                                               const phi::Place& place) {
  const OpRecord& record = OpRecordRegistry::Instance().Get(op.Type());
  auto slot_tensors = [&](bool input) {
    return [&, input](const std::string& slot) {
      std::vector<phi::DenseTensor*> out;
      for (const auto& name : input ? op.Input(slot) : op.Output(slot))
        out.push_back(name == kEmptyVarName ? nullptr : tensor_of(name, input));
      return out;
    };
  };
  auto dtype_of = [&](const std::string& name) {
    const phi::DenseTensor* t = tensor_of(name, true);
    return t == nullptr ? phi::DataType::UNDEFINED : t->dtype();
  };
  std::string dtype_input;
  phi::KernelKey key = ChooseKernelKey(op, record, place, dtype_of, &dtype_input);
  const phi::DenseTensor* dtype_source =
      dtype_input.empty() ? nullptr : tensor_of(dtype_input, true);
  return std::make_unique<PreparedOp>(op, record, key, dtype_source, slot_tensors(true),
                                      slot_tensors(false), &phi::DeviceContextFor(place));
}

phi::Place ChooseEagerPlace(const std::vector<phi::Place>& inputs, const phi::Place& expected,
                            const std::function<bool(const phi::Place&)>& has_kernel) {
  phi::Place place = inputs.empty() ? expected : phi::Place(phi::CPUPlace());
  for (const phi::Place& p : inputs) {
    if (p.is_gpu()) {
      place = p;
      break;
    }
  }
  if (place.is_gpu() && !has_kernel(place)) return phi::CPUPlace();
  return place;
}

void RunOpOnTensors(const OpDesc& op, const TensorOf& tensor_of, const phi::Place& place) {
  std::unique_ptr<PreparedOp> prepared = PrepareOpOnTensors(op, tensor_of, place);
  namespace prof = common::profiler;
  prof::RecordEvent event;
  if (prof::Enabled()) {
    event.Begin(op.Type(), prof::EventType::kOperator,
                InputShapes(op, [&](const std::string& name) { return tensor_of(name, true); }));
  }
  prepared->Run();
}

}  // namespace framework
}  // namespace paddle
