#include "paddle/framework/op_runner.h"

#include "paddle/common/errors.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/op_binding.h"
#include "paddle/phi/core/device_context.h"

namespace paddle {
namespace framework {

phi::KernelKey ChooseKernelKey(const OpDesc& op, const OpRecord& record, const BlockDesc& block,
                               const phi::Place& place, std::string* dtype_input) {
  phi::DataType dtype = phi::DataType::FLOAT32;
  const std::string& from = record.kernel_dtype_from;
  const AttrDef* dtype_attr = from.empty() ? nullptr : record.FindAttr(from);
  if (dtype_attr != nullptr) {
    phi::Attribute value = ConvertAttr(ResolveAttr(op, *dtype_attr),
                                       phi::AttributeIndexOf<phi::DataType>());
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
      const VarDesc* var = block.FindVarRecursive(args[0]);
      PD_CHECK(var != nullptr, NotFound, "expected input variable '", args[0], "' of op '",
               op.Type(), "' to be declared, but it is not");
      if (var->HasTensorDesc()) dtype = VarTypeToDataType(var->GetDataType());
      if (dtype_input != nullptr) *dtype_input = args[0];
    }
  }
  return phi::KernelKey{phi::PlaceToBackend(place), phi::DataLayout::ANY, dtype};
}

void RunOpOnce(const OpDesc& op, const BlockDesc& block, Scope* scope) {
  const OpRecord& record = OpRecordRegistry::Instance().Get(op.Type());
  PD_CHECK(!record.no_kernel, Unimplemented, "op '", op.Type(), "' cannot run on its own");
  CheckOpAgainstRecord(op, record);
  phi::CPUContext ctx;
  auto tensors = [&](bool input) {
    return [&, input](const std::string& slot) {
      std::vector<phi::DenseTensor*> out;
      for (const auto& name : input ? op.Input(slot) : op.Output(slot)) {
        if (name == kEmptyVarName) {
          out.push_back(nullptr);
          continue;
        }
        Variable* var = input ? scope->FindVar(name) : scope->Var(name);
        PD_CHECK(var != nullptr, NotFound, "expected variable '", name, "' for op '", op.Type(),
                 "' in the scope, but it is not there");
        out.push_back(var->GetMutable<phi::DenseTensor>());
      }
      return out;
    };
  };
  SlotTensors inputs = tensors(true), outputs = tensors(false);
  std::string dtype_input;
  phi::KernelKey key = ChooseKernelKey(op, record, block, phi::CPUPlace(), &dtype_input);
  if (!dtype_input.empty()) {
    const auto& t = scope->FindVar(dtype_input)->Get<phi::DenseTensor>();
    if (t.dtype() != phi::DataType::UNDEFINED) key.dtype = t.dtype();
  }
  const phi::Kernel& kernel = phi::KernelRegistry::Instance().Select(record.kernel_name, key);
  phi::KernelContext infer_ctx(&ctx), kernel_ctx(&ctx);
  BindArguments(op, record, record.infer_meta_args, record.infer_meta.args, inputs, outputs,
                &infer_ctx);
  BindArguments(op, record, record.kernel_args, kernel.args_def(), inputs, outputs, &kernel_ctx);
  record.infer_meta(&infer_ctx);
  kernel(&kernel_ctx);
}

}  // namespace framework
}  // namespace paddle
