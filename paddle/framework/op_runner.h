// Running single ops outside the interpreter (constant folding, weight rewrites in passes)
// on a scope's variables, through the one op-execution core (PreparedOp).
#pragma once

#include "paddle/framework/prepared_op.h"
#include "paddle/framework/scope.h"

namespace paddle {
namespace framework {

// Runs `op` once on CPU: inputs are read from `scope`, outputs created in it.
void RunOpOnce(const OpDesc& op, Scope* scope);

}  // namespace framework
}  // namespace paddle
