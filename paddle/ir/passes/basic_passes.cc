// Generic passes: dead-code elimination, is_test, constant folding.
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/framework/op_runner.h"
#include "paddle/framework/backward.h"
#include "paddle/ir/pass.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

// Removes ops none of whose outputs is used: every output a temporary nobody reads.
class DeadCodeEliminationPass : public Pass {
 public:
  std::string Name() const override { return "dead_code_elimination_pass"; }
  bool Apply(Graph* graph) override {
    bool changed = false;
    for (bool again = true; again;) {
      again = false;
      std::vector<Node*> ops = graph->Ops(0);
      for (auto it = ops.rbegin(); it != ops.rend(); ++it) {
        Node* op = *it;
        if (HasSideEffects(*op->Op()) || op->outputs.empty()) continue;
        bool dead = true;
        for (Node* out : op->outputs)
          dead = dead && IsTemporary(*graph, out) && out->outputs.empty();
        if (!dead) continue;
        graph->RemoveOp(op);
        again = changed = true;
      }
    }
    if (changed) RemoveUnusedVars(graph);
    return changed;
  }

 private:
  static void RemoveUnusedVars(Graph* graph) {
    std::unordered_set<std::string> used;
    for (size_t b = 0; b < graph->BlockCount(); ++b)
      for (Node* op : graph->Ops(static_cast<int>(b))) {
        for (const auto& n : op->Op()->InputArgumentNames()) used.insert(n);
        for (const auto& n : op->Op()->OutputArgumentNames()) used.insert(n);
      }
    framework::BlockDesc* block = graph->BlockDesc(0);
    for (framework::VarDesc* var : block->AllVars()) {
      if (!used.count(var->Name()) && !var->Persistable() && !var->NeedCheckFeed() &&
          !graph->protected_vars().count(var->Name()))
        block->RemoveVar(var->Name());
    }
  }
};

// Sets is_test on every op that has the attribute (inference behaviour of dropout,
// batch_norm, ...).
class IsTestPass : public Pass {
 public:
  std::string Name() const override { return "is_test_pass"; }
  bool Apply(Graph* graph) override {
    bool changed = false;
    for (size_t b = 0; b < graph->BlockCount(); ++b) {
      for (Node* op : graph->Ops(static_cast<int>(b))) {
        framework::OpDesc* desc = op->Op();
        const auto* record = framework::OpRecordRegistry::Instance().Find(desc->Type());
        bool has = desc->HasAttr("is_test") || (record && record->FindAttr("is_test"));
        if (!has || AttrOr<bool>(*desc, "is_test", false)) continue;
        desc->SetAttr("is_test", true);
        changed = true;
      }
    }
    return changed;
  }
};

// Evaluates ops whose inputs are all constants (parameters nobody writes, or earlier
// folded results) once, storing the results as persistable variables in the parameter scope.
class ConstantFoldingPass : public Pass {
 public:
  std::string Name() const override { return "constant_folding_pass"; }
  bool Apply(Graph* graph) override {
    framework::Scope* scope = graph->param_scope();
    if (scope == nullptr) return false;
    bool changed = false;
    std::vector<Node*> ops = graph->Ops(0);
    for (Node* op : ops) {
      const framework::OpDesc& desc = *op->Op();
      const auto* record = framework::OpRecordRegistry::Instance().Find(desc.Type());
      if (record == nullptr || record->no_kernel || HasSideEffects(desc) || op->outputs.empty())
        continue;
      if (!AllConstant(*graph, op) || !AllFoldableOutputs(*graph, op)) continue;
      Fold(graph, op, scope);
      changed = true;
    }
    return changed;
  }

 private:
  static bool AllConstant(const Graph& graph, Node* op) {
    for (Node* in : op->inputs) {
      const framework::VarDesc* var = in->Var();
      if (var == nullptr || !var->Persistable() || !in->inputs.empty()) return false;
      if (graph.param_scope()->FindVar(in->Name()) == nullptr) return false;
    }
    return true;
  }
  static bool AllFoldableOutputs(const Graph& graph, Node* op) {
    for (Node* out : op->outputs)
      if (!IsTemporary(graph, out) || out->inputs.size() != 1) return false;
    return true;
  }
  static void Fold(Graph* graph, Node* op, framework::Scope* scope) {
    // Results land in the parameter scope, as the persistable variables they become.
    framework::RunOpOnce(*op->Op(), scope);
    for (Node* var : op->outputs) {
      var->Var()->SetPersistable(true);
      const auto& t = scope->FindVar(var->Name())->Get<phi::DenseTensor>();
      var->Var()->SetShape(t.dims().ToVector());
    }
    graph->RemoveOp(op);
  }
};

}  // namespace

PD_REGISTER_PASS(dead_code_elimination_pass, DeadCodeEliminationPass);
PD_REGISTER_PASS(is_test_pass, IsTestPass);
PD_REGISTER_PASS(constant_folding_pass, ConstantFoldingPass);

}  // namespace ir
}  // namespace paddle
