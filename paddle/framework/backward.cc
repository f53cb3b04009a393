#include "paddle/framework/backward.h"

#include <algorithm>
#include <set>

#include "paddle/common/errors.h"
#include "paddle/framework/op_record.h"

namespace paddle {
namespace framework {

namespace {

bool EndsWithGrad(const std::string& s) {
  return s.size() > 5 && s.compare(s.size() - 5, 5, kGradSuffix) == 0;
}
std::string StripGrad(const std::string& s) { return s.substr(0, s.size() - 5); }

// The forward variables a grad-op input slot reads.
std::vector<std::string> InputSource(const OpDesc& fwd, const std::string& source,
                                     const GradNameFn& grad_name) {
  // A grad op's own input slot (Out@GRAD) when the forward op is itself a grad op.
  if (fwd.HasInput(source)) return fwd.Input(source);
  // A grad op's own output (sqrt_grad's X@GRAD, which sqrt_grad_grad reads as DX).
  if (fwd.HasOutput(source)) return fwd.Output(source);
  if (EndsWithGrad(source)) {
    std::vector<std::string> names;
    // An output the forward op does not write (a grad op's unwanted X@GRAD) has no gradient.
    for (const auto& name : fwd.Output(StripGrad(source)))
      names.push_back(name == kEmptyVarName ? name : grad_name(name));
    return names;
  }
  return fwd.Output(source);
}

bool IsDuplicable(const std::vector<SlotDef>& slots, const std::string& name) {
  for (const SlotDef& s : slots)
    if (s.name == name) return s.duplicable;
  return false;
}

// Copies `fwd`'s attributes the grad spec asks for onto `op`.
void SetGradAttrs(const OpDesc& fwd, const GradSpec& spec, OpDesc* op) {
  if (spec.copy_all_attrs) {
    for (const auto& [name, attr] : fwd.Attrs()) op->SetAttr(attr);
    return;
  }
  for (const auto& [grad_name, fwd_name] : spec.attr_refs) {
    if (const Attr* attr = fwd.FindAttr(fwd_name)) {
      Attr copy = *attr;
      copy.set_name(grad_name);
      op->SetAttr(copy);
    }
  }
  for (const Attr& attr : spec.attr_literals) op->SetAttr(attr);
  for (const char* common : {"op_callstack", "op_namescope", "op_device"})
    if (const Attr* attr = fwd.FindAttr(common)) op->SetAttr(*attr);
}

}  // namespace

std::vector<std::unique_ptr<OpDesc>> MakeGradOps(const OpDesc& fwd,
                                                 const std::unordered_set<std::string>& no_grad_set,
                                                 const GradNameFn& grad_name_fn) {
  std::vector<std::unique_ptr<OpDesc>> result;
  const OpRecord* record = OpRecordRegistry::Instance().Find(fwd.Type());
  if (record == nullptr || record->grad.op_type.empty()) return result;
  const GradSpec& spec = record->grad;
  const OpRecord& grad_record = OpRecordRegistry::Instance().Get(spec.op_type);
  const GradNameFn grad_name = grad_name_fn ? grad_name_fn : GradNameFn(GradVarName);

  std::vector<std::pair<std::string, std::string>> inputs = spec.inputs, outputs = spec.outputs;
  if (inputs.empty() && outputs.empty()) {  // default form: slots name their sources
    for (const SlotDef& s : grad_record.inputs) inputs.emplace_back(s.name, s.name);
    for (const SlotDef& s : grad_record.outputs) outputs.emplace_back(s.name, s.name);
  }
  std::vector<std::pair<std::string, std::vector<std::string>>> input_args, output_args;
  for (const auto& [slot, source] : inputs) {
    std::vector<std::string> args = InputSource(fwd, source, grad_name);
    if (!args.empty()) input_args.emplace_back(slot, std::move(args));
  }
  // A single-variable grad slot fed from a list (sum's X@GRAD into scale's Out): one grad op
  // per variable of the list.
  size_t copies = 1;
  for (const auto& [slot, source] : outputs) {
    PD_ASSERT(EndsWithGrad(source), "grad output source must end with @GRAD: ", source);
    std::vector<std::string> args;
    for (const auto& name : fwd.Input(StripGrad(source)))
      args.push_back(name != kEmptyVarName && no_grad_set.count(name) == 0 ? grad_name(name)
                                                                           : kEmptyVarName);
    if (args.empty()) continue;
    if (!IsDuplicable(grad_record.outputs, slot)) copies = std::max(copies, args.size());
    output_args.emplace_back(slot, std::move(args));
  }
  auto pick = [&](const std::vector<std::string>& args, bool duplicable, size_t copy) {
    if (copies == 1 || duplicable || args.size() != copies) return args;
    return std::vector<std::string>{args[copy]};
  };
  for (size_t copy = 0; copy < copies; ++copy) {
    auto op = std::make_unique<OpDesc>(spec.op_type);
    bool any_grad = false;
    for (const auto& [slot, args] : output_args) {
      std::vector<std::string> picked = pick(args, IsDuplicable(grad_record.outputs, slot), copy);
      for (const auto& name : picked) any_grad = any_grad || name != kEmptyVarName;
      op->SetOutput(slot, picked);
    }
    if (!any_grad) continue;
    for (const auto& [slot, args] : input_args)
      op->SetInput(slot, pick(args, IsDuplicable(grad_record.inputs, slot), copy));
    SetGradAttrs(fwd, spec, op.get());
    result.push_back(std::move(op));
  }
  return result;
}

namespace {

struct Writer {
  OpDesc* op;
  std::string slot;
  size_t index;
};

class BackwardBuilder {
 public:
  BackwardBuilder(BlockDesc* block, const std::unordered_set<std::string>& no_grad_set)
      : block_(block), no_grad_(no_grad_set) {}

  std::map<std::string, std::string> Build(const std::vector<std::string>& targets,
                                           const std::vector<std::string>& target_grads) {
    PD_CHECK(target_grads.empty() || target_grads.size() == targets.size(), InvalidArgument,
             "expected as many target gradients as targets (", targets.size(), "), but got ",
             target_grads.size());
    const size_t forward_end = block_->OpSize();
    std::vector<OpDesc*> forward = block_->AllOps();
    std::vector<bool> relevant = FindRelevant(forward, targets);
    std::unordered_set<std::string> needs_grad = FindNeedsGrad(forward, relevant);

    for (size_t i = 0; i < targets.size(); ++i)
      Seed(targets[i], target_grads.empty() ? "" : target_grads[i]);
    const GradNameFn grad_name = [this](const std::string& var) { return GradOf(var); };
    for (size_t k = forward_end; k-- > 0;) {
      if (!relevant[k]) continue;
      const OpDesc& fwd = *forward[k];
      std::unordered_set<std::string> skip = no_grad_;
      bool flows = false;
      for (const auto& name : fwd.InputArgumentNames()) {
        if (needs_grad.count(name) == 0) skip.insert(name);
        flows = flows || skip.count(name) == 0;
      }
      auto grad_ops = MakeGradOps(fwd, skip, grad_name);
      if (grad_ops.empty() && flows) CheckDifferentiable(fwd);
      for (auto& grad_op : grad_ops) AppendGradOp(std::move(grad_op));
    }
    std::map<std::string, std::string> result;
    for (auto& [grad, writers] : writers_) {
      FlushSum(grad);
      result[var_of_.at(grad)] = grad;
    }
    return result;
  }

 private:
  std::vector<bool> FindRelevant(const std::vector<OpDesc*>& ops,
                                 const std::vector<std::string>& targets) {
    std::unordered_set<std::string> wanted(targets.begin(), targets.end());
    std::vector<bool> relevant(ops.size(), false);
    for (size_t k = ops.size(); k-- > 0;) {
      for (const auto& name : ops[k]->OutputArgumentNames())
        if (wanted.count(name)) relevant[k] = true;
      if (relevant[k])
        for (const auto& name : ops[k]->InputArgumentNames()) wanted.insert(name);
    }
    for (const auto& t : targets) {
      PD_CHECK(block_->FindVarRecursive(t) != nullptr, NotFound, "expected target variable '", t,
               "' in the block, but it is not declared");
    }
    return relevant;
  }

  // Variables through which a gradient can flow: not stop_gradient / no_grad, and either a
  // leaf that asks for gradients or the output of an op with such an input.
  std::unordered_set<std::string> FindNeedsGrad(const std::vector<OpDesc*>& ops,
                                                const std::vector<bool>& relevant) {
    std::unordered_set<std::string> produced, needs;
    for (OpDesc* op : ops)
      for (const auto& name : op->OutputArgumentNames()) produced.insert(name);
    auto blocked = [&](const std::string& name) {
      if (no_grad_.count(name)) return true;
      VarDesc* var = block_->FindVarRecursive(name);
      return var == nullptr || var->StopGradient();
    };
    for (size_t k = 0; k < ops.size(); ++k) {
      if (!relevant[k]) continue;
      for (const auto& name : ops[k]->InputArgumentNames())
        if (!produced.count(name) && !blocked(name)) needs.insert(name);
      bool flows = false;
      for (const auto& name : ops[k]->InputArgumentNames()) flows = flows || needs.count(name);
      if (flows)
        for (const auto& name : ops[k]->OutputArgumentNames())
          if (!blocked(name)) needs.insert(name);
    }
    return needs;
  }

  // The name of `var`'s gradient in this pass: var@GRAD, unless the block already holds that
  // name (an earlier pass made it, and this pass differentiates through it), then a fresh
  // grad/-prefixed name (PaddlePaddle's renaming of repeated backward passes).
  std::string GradOf(const std::string& var) {
    auto it = grad_of_.find(var);
    if (it != grad_of_.end()) return it->second;
    std::string name = GradVarName(var);
    while (block_->FindVarRecursive(name) != nullptr || var_of_.count(name)) name = "grad/" + name;
    var_of_[name] = var;
    grad_of_[var] = name;
    return name;
  }

  // Forward ops without a grad op are not differentiable (shape, argmax, fill ops) and pass
  // no gradient; a grad op without one is a missing double-grad record, which must not read as
  // a zero gradient.
  void CheckDifferentiable(const OpDesc& op) {
    const OpRecord* record = OpRecordRegistry::Instance().Find(op.Type());
    if (record != nullptr && !record->grad.op_type.empty()) return;  // zero gradients only
    const std::string& type = op.Type();
    const std::string suffix = "_grad";
    bool grad_op = type.size() > suffix.size() &&
                   type.compare(type.size() - suffix.size(), suffix.size(), suffix) == 0;
    PD_CHECK(!grad_op, Unimplemented, "expected op '", type,
             "' to have a grad op to differentiate a gradient computed through it again, but "
             "it has none (no double-grad op record)");
  }

  void Seed(const std::string& target, const std::string& given) {
    const std::string grad = GradOf(target);
    DeclareGrad(target);
    OpDesc* op = block_->AppendOp();
    if (!given.empty()) {
      op->SetType("assign");
      op->SetInput("X", {given});
    } else {
      FillLike(op, target, 1.0f);
    }
    op->SetOutput("Out", {grad});
    op->SetAttr("op_role", static_cast<int>(kBackward | kLoss));
    writers_[grad].push_back({op, "Out", 0});
  }

  // A constant of `value` shaped like `fwd_name`: fill_constant when the shape is known at
  // build time, else fill_any_like of the variable itself (dynamic batch dimensions).
  void FillLike(OpDesc* op, const std::string& fwd_name, float value) {
    VarDesc* var = block_->FindVarRecursive(fwd_name);
    std::vector<int64_t> shape = var->GetShape();
    bool known = std::all_of(shape.begin(), shape.end(), [](int64_t d) { return d >= 0; });
    if (known) {
      op->SetType("fill_constant");
      op->SetAttr("shape", shape);
      op->SetAttr("dtype", static_cast<int>(var->GetDataType()));
    } else {
      op->SetType("fill_any_like");
      op->SetInput("X", {fwd_name});
      op->SetAttr("dtype", -1);
    }
    op->SetAttr("value", value);
  }

  void DeclareGrad(const std::string& fwd_name) {
    VarDesc* fwd = block_->FindVarRecursive(fwd_name);
    VarDesc* grad = block_->Var(GradOf(fwd_name));
    if (fwd != nullptr && fwd->HasTensorDesc()) {
      grad->SetShape(fwd->GetShape());
      grad->SetDataType(fwd->GetDataType());
    }
  }

  void AppendGradOp(std::unique_ptr<OpDesc> grad_op) {
    // Gradients this op reads must be complete: sum their contributions first; a gradient
    // nobody produced (an output that does not reach the targets) reads as zeros.
    std::set<std::string> read;
    for (const auto& [slot, args] : grad_op->Inputs()) {
      for (const auto& name : args) {
        // Only this pass's gradients: an earlier pass's x@GRAD read by its grad op's grad
        // op is a value like any other.
        auto var = var_of_.find(name);
        if (var == var_of_.end()) continue;
        read.insert(name);
        if (writers_.count(name)) {
          FlushSum(name);
        } else {
          FillZeros(var->second);
        }
      }
    }
    OpDesc* op = block_->AppendOp();
    *op = *grad_op;
    op->SetBlock(block_);
    op->SetAttr("op_role", static_cast<int>(kBackward));
    for (const auto& [slot, args] : op->Outputs()) {
      for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == kEmptyVarName) continue;
        DeclareGrad(var_of_.at(args[i]));
        auto& writers = writers_[args[i]];
        // The grad of an in-place op (set_value: Out is Input) reads the complete gradient
        // and replaces it, rather than adding one more contribution.
        if (read.count(args[i])) writers.clear();
        writers.push_back({op, slot, i});
        if (writers.size() > 1) RenameWriters(args[i]);
      }
    }
  }

  // Gives each contribution to `grad` its own variable; FlushSum adds them into `grad`.
  // `grad` is taken by value: callers pass a reference into an op's output slot, which the
  // renaming below overwrites.
  void RenameWriters(std::string grad) {
    auto& writers = writers_[grad];
    for (size_t w = 0; w < writers.size(); ++w) {
      Writer& writer = writers[w];
      std::vector<std::string> args = writer.op->Output(writer.slot);
      if (args[writer.index] != grad) continue;  // renamed already
      std::string renamed = grad + "@RENAME@block" + std::to_string(block_->ID()) + "@" +
                            std::to_string(rename_counter_++);
      args[writer.index] = renamed;
      writer.op->SetOutput(writer.slot, args);
      VarDesc* src = block_->FindVar(grad);
      VarDesc* var = block_->Var(renamed);
      if (src != nullptr && src->HasTensorDesc()) {
        var->SetShape(src->GetShape());
        var->SetDataType(src->GetDataType());
      }
      pending_[grad].push_back(renamed);
    }
  }

  void FlushSum(const std::string& grad) {
    auto it = pending_.find(grad);
    if (it == pending_.end() || it->second.empty()) return;
    OpDesc* op = block_->AppendOp();
    op->SetType("sum");
    op->SetInput("X", it->second);
    op->SetOutput("Out", {grad});
    op->SetAttr("op_role", static_cast<int>(kBackward));
    it->second.clear();
    writers_[grad] = {{op, "Out", 0}};
  }

  void FillZeros(const std::string& fwd_name) {
    VarDesc* var = block_->FindVarRecursive(fwd_name);
    PD_CHECK(var != nullptr && var->HasTensorDesc(), NotFound, "expected forward variable '",
             fwd_name, "' to build a zero gradient, but it is not a tensor");
    DeclareGrad(fwd_name);
    OpDesc* op = block_->AppendOp();
    FillLike(op, fwd_name, 0.0f);
    op->SetOutput("Out", {GradOf(fwd_name)});
    op->SetAttr("op_role", static_cast<int>(kBackward));
    writers_[GradOf(fwd_name)].push_back({op, "Out", 0});
  }

  BlockDesc* block_;
  std::unordered_set<std::string> no_grad_;
  std::map<std::string, std::vector<Writer>> writers_;
  std::map<std::string, std::vector<std::string>> pending_;
  // This pass's gradient names: variable -> its gradient, and back.
  std::unordered_map<std::string, std::string> grad_of_, var_of_;
  int rename_counter_ = 0;
};

}  // namespace

std::map<std::string, std::string> AppendBackward(
    BlockDesc* block, const std::vector<std::string>& targets,
    const std::vector<std::string>& target_grads,
    const std::unordered_set<std::string>& no_grad_set) {
  return BackwardBuilder(block, no_grad_set).Build(targets, target_grads);
}

}  // namespace framework
}  // namespace paddle
