// The seam between the predictor and the IR passes: a function registered here rewrites each
// loaded program with the Config's pass list (when ir_optim is on), replacing the built-in
// pipeline (ir::ApplyPasses over the passes this build has).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "paddle/framework/block_desc.h"

namespace paddle {
namespace inference {

using PassApplier =
    std::function<void(framework::ProgramDesc*, const std::vector<std::string>&)>;

// Registers (or, with an empty function, removes) the pass applier. Thread-safe; may be
// called from a static initializer.
void SetPassApplier(PassApplier applier);
// The registered applier, or an empty function.
PassApplier GetPassApplier();

}  // namespace inference
}  // namespace paddle
