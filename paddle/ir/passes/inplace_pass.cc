// buffer_shared_inplace_pass: an op with an inplace pair (Out <- X in its record) writes its
// output into X's variable when X is a temporary whose data nobody reads afterwards; later
// readers of Out read X instead. Fewer live buffers, lower peak memory.
#include <unordered_set>

#include "paddle/ir/pass.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

bool SameMeta(const framework::VarDesc* a, const framework::VarDesc* b) {
  return a != nullptr && b != nullptr && a->HasTensorDesc() && b->HasTensorDesc() &&
         a->GetDataType() == b->GetDataType() && a->GetShape() == b->GetShape();
}

// Whether `reader` reads `name` only for its meta (a no_need_buffer slot).
bool ReadsMetaOnly(const framework::OpDesc& reader, const std::string& name) {
  const auto* record = framework::OpRecordRegistry::Instance().Find(reader.Type());
  if (record == nullptr) return false;
  for (const auto& [slot, args] : reader.Inputs()) {
    bool uses = false;
    for (const auto& a : args) uses = uses || a == name;
    if (!uses) continue;
    bool meta_only = false;
    for (const auto& s : record->no_need_buffer) meta_only = meta_only || s == slot;
    if (!meta_only) return false;
  }
  return true;
}

class BufferSharedInplacePass : public Pass {
 public:
  std::string Name() const override { return "buffer_shared_inplace_pass"; }

  bool Apply(Graph* graph) override {
    if (graph->BlockCount() > 1) return false;  // sub-blocks may read anything: stay safe
    bool changed = false;
    std::vector<Node*> ops = graph->Ops(0);
    for (Node* op : ops) {
      const auto* record = framework::OpRecordRegistry::Instance().Find(op->Op()->Type());
      if (record == nullptr || record->inplace.empty()) continue;
      for (const auto& [out_slot, in_slot] : record->inplace) {
        std::string x = SingleInput(*op->Op(), in_slot);
        std::string out = SingleOutput(*op->Op(), out_slot);
        if (x.empty() || out.empty() || x == out) continue;
        if (TryShare(graph, op, x, out)) changed = true;
      }
    }
    return changed;
  }

 private:
  static bool TryShare(Graph* graph, Node* op, const std::string& x, const std::string& out) {
    Node* x_node = graph->VarNode(x);
    Node* out_node = graph->VarNode(out);
    if (!IsTemporary(*graph, x_node) || !IsTemporary(*graph, out_node)) return false;
    if (!SameMeta(x_node->Var(), out_node->Var())) return false;
    if (out_node->inputs.size() != 1) return false;
    // X read once by this op, and afterwards only for its meta; never written again.
    int index = graph->IndexOf(op);
    for (Node* writer : x_node->inputs)
      if (graph->IndexOf(writer) > index) return false;
    for (Node* reader : x_node->outputs) {
      int at = graph->IndexOf(reader);
      if (at < index) continue;
      if (reader == op) {
        int uses = 0;
        for (const auto& a : op->Op()->InputArgumentNames()) uses += a == x;
        if (uses != 1) return false;
        continue;
      }
      if (!ReadsMetaOnly(*reader->Op(), x)) return false;
    }
    for (Node* reader : out_node->outputs)
      if (graph->IndexOf(reader) <= index) return false;
    // Rename Out to X in this op and every later reader.
    std::vector<Node*> readers = out_node->outputs;
    op->Op()->RenameOutput(out, x);
    graph->RelinkOp(op);
    for (Node* reader : readers) {
      reader->Op()->RenameInput(out, x);
      graph->RelinkOp(reader);
    }
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(buffer_shared_inplace_pass, BufferSharedInplacePass);

}  // namespace ir
}  // namespace paddle
