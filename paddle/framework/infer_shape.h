// Build-time shape and dtype inference on program descs: runs an op's InferMeta over the
// VarDescs of its inputs and writes the results into its outputs' VarDescs, so a shape error
// surfaces when the op is appended (Python shows the user's line).
#pragma once

#include "paddle/framework/block_desc.h"

namespace paddle {
namespace framework {

// Throws NotFound for an unknown op type or a missing input variable, InvalidArgument for
// shape mismatches. Ops without InferMeta (feed, fetch, ...) are left alone.
void InferShapeForOp(const OpDesc& op, BlockDesc* block);

}  // namespace framework
}  // namespace paddle
