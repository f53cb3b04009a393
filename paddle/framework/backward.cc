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
std::vector<std::string> InputSource(const OpDesc& fwd, const std::string& source) {
  // A grad op's own input slot (Out@GRAD) when the forward op is itself a grad op.
  if (fwd.HasInput(source)) return fwd.Input(source);
  if (EndsWithGrad(source)) {
    std::vector<std::string> names;
    // An output the forward op does not write (a grad op's unwanted X@GRAD) has no gradient.
    for (const auto& name : fwd.Output(StripGrad(source)))
      names.push_back(name == kEmptyVarName ? name : GradVarName(name));
    return names;
  }
  return fwd.Output(source);
}

}  // namespace

std::vector<std::unique_ptr<OpDesc>> MakeGradOps(
    const OpDesc& fwd, const std::unordered_set<std::string>& no_grad_set) {
  std::vector<std::unique_ptr<OpDesc>> result;
  const OpRecord* record = OpRecordRegistry::Instance().Find(fwd.Type());
  if (record == nullptr || record->grad.op_type.empty()) return result;
  const GradSpec& spec = record->grad;
  const OpRecord& grad_record = OpRecordRegistry::Instance().Get(spec.op_type);

  auto op = std::make_unique<OpDesc>(spec.op_type);
  std::vector<std::pair<std::string, std::string>> inputs = spec.inputs, outputs = spec.outputs;
  if (inputs.empty() && outputs.empty()) {  // default form: slots name their sources
    for (const SlotDef& s : grad_record.inputs) inputs.emplace_back(s.name, s.name);
    for (const SlotDef& s : grad_record.outputs) outputs.emplace_back(s.name, s.name);
  }
  for (const auto& [slot, source] : inputs) {
    std::vector<std::string> args = InputSource(fwd, source);
    if (!args.empty()) op->SetInput(slot, args);
  }
  bool any_grad = false;
  for (const auto& [slot, source] : outputs) {
    PD_ASSERT(EndsWithGrad(source), "grad output source must end with @GRAD: ", source);
    std::vector<std::string> args;
    for (const auto& name : fwd.Input(StripGrad(source))) {
      bool wanted = no_grad_set.count(name) == 0;
      args.push_back(wanted ? GradVarName(name) : kEmptyVarName);
      any_grad = any_grad || wanted;
    }
    if (!args.empty()) op->SetOutput(slot, args);
  }
  if (!any_grad) return result;
  if (spec.copy_all_attrs) {
    for (const auto& [name, attr] : fwd.Attrs()) op->SetAttr(attr);
  } else {
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
  result.push_back(std::move(op));
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

    for (size_t i = 0; i < targets.size(); ++i) Seed(targets[i], target_grads.empty() ? "" : target_grads[i]);
    for (size_t k = forward_end; k-- > 0;) {
      if (!relevant[k]) continue;
      const OpDesc& fwd = *forward[k];
      std::unordered_set<std::string> skip = no_grad_;
      for (const auto& name : fwd.InputArgumentNames())
        if (needs_grad.count(name) == 0) skip.insert(name);
      for (auto& grad_op : MakeGradOps(fwd, skip)) AppendGradOp(std::move(grad_op), fwd);
    }
    std::map<std::string, std::string> result;
    for (auto& [grad, writers] : writers_) {
      FlushSum(grad);
      result[StripGrad(grad)] = grad;
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
      PD_CHECK(block_->FindVarRecursive(t) != nullptr, NotFound, "expected target variable '",
               t, "' in the block, but it is not declared");
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

  void Seed(const std::string& target, const std::string& given) {
    const std::string grad = GradVarName(target);
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
    VarDesc* grad = block_->Var(GradVarName(fwd_name));
    if (fwd != nullptr && fwd->HasTensorDesc()) {
      grad->SetShape(fwd->GetShape());
      grad->SetDataType(fwd->GetDataType());
    }
  }

  void AppendGradOp(std::unique_ptr<OpDesc> grad_op, const OpDesc& fwd) {
    // Gradients this op reads must be complete: sum their contributions first; a gradient
    // nobody produced (an output that does not reach the targets) reads as zeros.
    std::set<std::string> read;
    for (const auto& [slot, args] : grad_op->Inputs()) {
      for (const auto& name : args) {
        if (!EndsWithGrad(name)) continue;
        read.insert(name);
        if (writers_.count(name)) {
          FlushSum(name);
        } else {
          FillZeros(StripGrad(name));
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
        DeclareGrad(StripGrad(args[i]));
        auto& writers = writers_[args[i]];
        // The grad of an in-place op (set_value: Out is Input) reads the complete gradient
        // and replaces it, rather than adding one more contribution.
        if (read.count(args[i])) writers.clear();
        writers.push_back({op, slot, i});
        if (writers.size() > 1) RenameWriters(args[i]);
      }
    }
    (void)fwd;
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
    PD_CHECK(var != nullptr && var->HasTensorDesc(), NotFound,
             "expected forward variable '", fwd_name, "' to build a zero gradient, but it is not a tensor");
    DeclareGrad(fwd_name);
    OpDesc* op = block_->AppendOp();
    FillLike(op, fwd_name, 0.0f);
    op->SetOutput("Out", {GradVarName(fwd_name)});
    op->SetAttr("op_role", static_cast<int>(kBackward));
    writers_[GradVarName(fwd_name)].push_back({op, "Out", 0});
  }

  BlockDesc* block_;
  std::unordered_set<std::string> no_grad_;
  std::map<std::string, std::vector<Writer>> writers_;
  std::map<std::string, std::vector<std::string>> pending_;
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
