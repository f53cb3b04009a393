#include "paddle/framework/op_binding.h"

#include "paddle/common/errors.h"

namespace paddle {
namespace framework {

const Attr& ResolveAttr(const OpDesc& op, const AttrDef& def) {
  if (const Attr* attr = op.FindAttr(def.name)) return *attr;
  PD_CHECK(!def.required, InvalidArgument, "expected op '", op.Type(), "' to set attribute '",
           def.name, "', but it is missing");
  return def.default_value;
}

void BindArguments(const OpDesc& op, const OpRecord& record, const std::vector<ArgRef>& refs,
                   const phi::KernelArgsDef& args, const SlotTensors& inputs,
                   const SlotTensors& outputs, phi::KernelContext* ctx) {
  PD_CHECK(refs.size() == args.size(), Internal, "op '", op.Type(), "': the record names ",
           refs.size(), " arguments but the function takes ", args.size());
  for (size_t i = 0; i < refs.size(); ++i) {
    const ArgRef& ref = refs[i];
    phi::KernelArgKind kind = args[i].kind;
    switch (ref.kind) {
      case ArgRef::kInput: {
        const SlotDef& slot = record.inputs[ref.index];
        std::vector<phi::DenseTensor*> tensors = inputs(slot.name);
        if (kind == phi::KernelArgKind::kInputList) {
          ctx->EmplaceBackInputs({tensors.begin(), tensors.end()});
        } else {
          PD_CHECK(kind == phi::KernelArgKind::kInput || kind == phi::KernelArgKind::kOptionalInput,
                   Internal, "op '", op.Type(), "': argument ", i, " (input ", slot.name,
                   ") is not a tensor input of the function");
          PD_CHECK(tensors.size() <= 1, InvalidArgument, "expected at most one variable in input ",
                   slot.name, " of op '", op.Type(), "', but got ", tensors.size());
          const phi::DenseTensor* t = tensors.empty() ? nullptr : tensors[0];
          PD_CHECK(t != nullptr || kind == phi::KernelArgKind::kOptionalInput || slot.dispensable,
                   InvalidArgument, "expected op '", op.Type(), "' to have input ", slot.name,
                   ", but it is missing");
          ctx->EmplaceBackInput(t);
        }
        break;
      }
      case ArgRef::kOutput: {
        const SlotDef& slot = record.outputs[ref.index];
        std::vector<phi::DenseTensor*> tensors = outputs(slot.name);
        if (kind == phi::KernelArgKind::kOutputList) {
          ctx->EmplaceBackOutputs(tensors);
        } else {
          PD_CHECK(kind == phi::KernelArgKind::kOutput, Internal, "op '", op.Type(),
                   "': argument ", i, " (output ", slot.name, ") is not a tensor output");
          PD_CHECK(tensors.size() <= 1, InvalidArgument, "expected at most one variable in output ",
                   slot.name, " of op '", op.Type(), "', but got ", tensors.size());
          phi::DenseTensor* t = tensors.empty() ? nullptr : tensors[0];
          PD_CHECK(t != nullptr || slot.dispensable, InvalidArgument, "expected op '", op.Type(),
                   "' to have output ", slot.name, ", but it is missing");
          ctx->EmplaceBackOutput(t);
        }
        break;
      }
      case ArgRef::kAttr: {
        PD_CHECK(kind == phi::KernelArgKind::kAttr, Internal, "op '", op.Type(), "': argument ",
                 i, " is an attribute in the record but a tensor in the function");
        const AttrDef& def = record.attrs[ref.index];
        try {
          ctx->EmplaceBackAttr(ConvertAttr(ResolveAttr(op, def), args[i].attr_type_index));
        } catch (const std::exception& e) {
          common::RethrowWithContext(e, "in op '" + op.Type() + "'");
        }
        break;
      }
    }
  }
}

void CheckOpAgainstRecord(const OpDesc& op, const OpRecord& record) {
  for (const SlotDef& slot : record.inputs) {
    const auto& args = op.Input(slot.name);
    PD_CHECK(!args.empty() || slot.dispensable, InvalidArgument, "expected op '", op.Type(),
             "' to have input ", slot.name, ", but it is missing");
    PD_CHECK(args.size() <= 1 || slot.duplicable, InvalidArgument, "expected one variable in input ",
             slot.name, " of op '", op.Type(), "', but got ", args.size());
  }
  for (const SlotDef& slot : record.outputs) {
    const auto& args = op.Output(slot.name);
    PD_CHECK(!args.empty() || slot.dispensable, InvalidArgument, "expected op '", op.Type(),
             "' to have output ", slot.name, ", but it is missing");
    PD_CHECK(args.size() <= 1 || slot.duplicable, InvalidArgument,
             "expected one variable in output ", slot.name, " of op '", op.Type(), "', but got ",
             args.size());
  }
}

}  // namespace framework
}  // namespace paddle
