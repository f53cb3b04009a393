// Automatic differentiation of programs: grad ops built from each op record's grad spec,
// and AppendBackward, which appends the backward of target variables to a block (seeding,
// reverse order, summing gradients with several contributions, honouring stop_gradient,
// skipping what cannot reach the targets).
#pragma once

#include <functional>
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

// Names the gradient of a variable; the default is GradVarName.
using GradNameFn = std::function<std::string(const std::string&)>;

// The grad ops of `fwd`: empty when the op is not differentiable or no input gradient is
// wanted. Inputs in `no_grad_set` get no gradient (their slot holds @EMPTY@). `grad_name`
// names the gradients the grad ops read and write (AppendBackward gives a second backward
// pass fresh names). A grad op whose output slot takes one variable, made for a forward slot
// holding several (sum -> scale), is made once per variable.
std::vector<std::unique_ptr<OpDesc>> MakeGradOps(const OpDesc& fwd,
                                                 const std::unordered_set<std::string>& no_grad_set,
                                                 const GradNameFn& grad_name = nullptr);

// Appends to `block` the ops computing d(targets)/d(v) for every variable v that needs a
// gradient; target_grads (optional, same length) name the seeds, else a 1.0 of the target's
// shape. Returns variable -> gradient variable names. A gradient is named var@GRAD unless the
// block already holds that name (an earlier pass made it: the targets are gradients being
// differentiated again, through the grad ops' own grad ops), then grad/var@GRAD, and so on.
std::map<std::string, std::string> AppendBackward(
    BlockDesc* block, const std::vector<std::string>& targets,
    const std::vector<std::string>& target_grads,
    const std::unordered_set<std::string>& no_grad_set);

}  // namespace framework
}  // namespace paddle
