// Running single ops outside the interpreter (constant folding, weight rewrites in passes),
// and the one rule for choosing an op's kernel key, shared with the interpreter.
#pragma once

#include "paddle/framework/block_desc.h"
#include "paddle/framework/op_record.h"
#include "paddle/framework/scope.h"
#include "paddle/phi/core/kernel_registry.h"

namespace paddle {
namespace framework {

// The kernel's data type comes from the record's dtype attribute, its named input, or the
// first input present (float32 when the op has none); `dtype_input` receives the input
// variable name used, if any.
phi::KernelKey ChooseKernelKey(const OpDesc& op, const OpRecord& record, const BlockDesc& block,
                               const phi::Place& place, std::string* dtype_input = nullptr);

// Runs `op` once on CPU: inputs are read from `scope`, outputs created in it.
void RunOpOnce(const OpDesc& op, const BlockDesc& block, Scope* scope);

}  // namespace framework
}  // namespace paddle
