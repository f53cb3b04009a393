#include "paddle/framework/op_runner.h"

#include "paddle/common/errors.h"

namespace paddle {
namespace framework {

void RunOpOnce(const OpDesc& op, Scope* scope) {
  auto tensor_of = [&](const std::string& name, bool input) {
    Variable* var = input ? scope->FindVar(name) : scope->Var(name);
    PD_CHECK(var != nullptr, NotFound, "expected variable '", name, "' for op '", op.Type(),
             "' in the scope, but it is not there");
    return var->GetMutable<phi::DenseTensor>();
  };
  RunOpOnTensors(op, tensor_of, phi::CPUPlace());
}

}  // namespace framework
}  // namespace paddle
