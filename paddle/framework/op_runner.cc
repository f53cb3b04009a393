#include "paddle/framework/op_runner.h"

#include "paddle/common/errors.h"
#include "paddle/framework/backward.h"
#include "paddle/phi/core/device_context.h"

namespace paddle {
namespace framework {

void RunOpOnce(const OpDesc& op, const BlockDesc& block, Scope* scope) {
  const OpRecord& record = OpRecordRegistry::Instance().Get(op.Type());
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
  const phi::DenseTensor* dtype_source =
      dtype_input.empty() ? nullptr : &scope->FindVar(dtype_input)->Get<phi::DenseTensor>();
  PreparedOp prepared(op, record, key, dtype_source, inputs, outputs,
                      &phi::DeviceContextFor(phi::CPUPlace()));
  prepared.Run();
}

}  // namespace framework
}  // namespace paddle
