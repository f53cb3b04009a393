// Automatic differentiation of programs: grad ops built from each op record's grad spec,
// and AppendBackward, which appends the backward of target variables to a block (seeding,
// reverse order, summing gradients with several contributions, honouring stop_gradient,
// skipping what cannot reach the targets).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "paddle/framework/block_desc.h"

namespace paddle {
namespace framework {

inline constexpr char kGradSuffix[] = "@GRAD";
inline constexpr char kEmptyVarName[] = "@EMPTY@";
inline std::string GradVarName(const std::string& name) { return name + kGradSuffix; }

// op_role values PaddlePaddle writes.
enum OpRole : int { kForward = 0, kBackward = 1, kOptimize = 2, kLoss = 0x100 };

// The grad ops of `fwd`: empty when the op is not differentiable or no input gradient is
// wanted. Inputs in `no_grad_set` get no gradient (their slot holds @EMPTY@).
std::vector<std::unique_ptr<OpDesc>> MakeGradOps(const OpDesc& fwd,
                                                 const std::unordered_set<std::string>& no_grad_set);

// Appends to `block` the ops computing d(targets)/d(v) for every variable v that needs a
// gradient; target_grads (optional, same length) name the seeds, else a 1.0 of the target's
// shape. Returns variable -> gradient variable names.
std::map<std::string, std::string> AppendBackward(
    BlockDesc* block, const std::vector<std::string>& targets,
    const std::vector<std::string>& target_grads,
    const std::unordered_set<std::string>& no_grad_set);

}  // namespace framework
}  // namespace paddle
