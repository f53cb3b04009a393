#include "paddle/framework/infer_shape.h"

#include <deque>

#include "paddle/framework/op_binding.h"

namespace paddle {
namespace framework {

namespace {
constexpr char kEmptyVarName[] = "@EMPTY@";
}

void InferShapeForOp(const OpDesc& op, BlockDesc* block) {
  const OpRecord& record = OpRecordRegistry::Instance().Get(op.Type());
  if (!record.infer_meta.valid()) return;
  CheckOpAgainstRecord(op, record);
  std::deque<phi::DenseTensor> storage;  // stable addresses
  auto tensor_of = [&](const std::string& name, bool is_input) -> phi::DenseTensor* {
    if (name == kEmptyVarName) return nullptr;
    VarDesc* var = block->FindVarRecursive(name);
    if (var == nullptr) {
      PD_CHECK(!is_input, NotFound, "expected input variable '", name, "' of op '", op.Type(),
               "' to be declared in the block, but it is not");
      var = block->Var(name);
    }
    storage.emplace_back();
    phi::DenseTensor& t = storage.back();
    if (var->HasTensorDesc()) {
      t.Resize(phi::DDim(var->GetShape()));
      if (IsTensorElementType(var->GetDataType()))
        t.set_dtype(VarTypeToDataType(var->GetDataType()));
    }
    return &t;
  };
  std::vector<std::pair<std::string, phi::DenseTensor*>> outs;
  SlotTensors inputs = [&](const std::string& slot) {
    std::vector<phi::DenseTensor*> v;
    for (const auto& name : op.Input(slot)) v.push_back(tensor_of(name, true));
    return v;
  };
  SlotTensors outputs = [&](const std::string& slot) {
    std::vector<phi::DenseTensor*> v;
    for (const auto& name : op.Output(slot)) {
      phi::DenseTensor* t = tensor_of(name, false);
      if (t != nullptr) outs.emplace_back(name, t);
      v.push_back(t);
    }
    return v;
  };
  // Where a tensor gives an attribute its values are known only at run time: the record's
  // build-time InferMeta infers what does not depend on them.
  const bool build = record.build_infer_meta.valid() && record.AnyAttrFedByTensor(op);
  const phi::InferMetaFn& fn = build ? record.build_infer_meta : record.infer_meta;
  phi::KernelContext ctx;
  BindArguments(op, record, build ? record.build_infer_meta_args : record.infer_meta_args, fn.args,
                inputs, outputs, &ctx);
  fn(&ctx);
  for (auto& [name, tensor] : outs) {
    VarDesc* var = block->FindVarRecursive(name);
    if (var == nullptr || !var->HasTensorDesc()) continue;
    var->SetShape(tensor->dims().ToVector());
    if (tensor->dtype() != phi::DataType::UNDEFINED)
      var->SetDataType(DataTypeToVarType(tensor->dtype()));
  }
}

}  // namespace framework
}  // namespace paddle
