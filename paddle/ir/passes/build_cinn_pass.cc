// build_cinn_pass (BuildStrategy.build_cinn_pass): the fusion compiler's grouping step. It finds
// maximal groups of elementwise/broadcast primitives of one output shape and dtype (what prim
// decomposition leaves of layer_norm, gelu, softmax, ... plus common activations) and replaces
// each group of two or more ops by one fused_elementwise, whose instruction list is the group.
// Variables the group writes that something outside it needs (later ops, fetches, parameters,
// sub-blocks) become the fused op's outputs; the rest never reach memory.
//
// Groups form in program order: an op joins an open group that produced one of its inputs. A
// group closes when an op outside it reads something computed from it, so a fused op placed at
// its group's last op never runs after an op that needs its results, and no cycle forms through
// an outside op (x -> group -> reduce -> group). Reductions end groups; folding them into a
// group is left for a later step. Only forward ops fuse: no grad op reads what a group hides.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"
#include "paddle/phi/kernels/funcs/fused_elementwise_program.h"

namespace paddle {
namespace ir {
namespace {

const std::map<std::string, std::string>& Opcodes() {
  static const std::map<std::string, std::string> opcodes = {
      {"elementwise_add", "add"},
      {"elementwise_sub", "subtract"},
      {"elementwise_mul", "multiply"},
      {"elementwise_div", "divide"},
      {"elementwise_max", "maximum"},
      {"elementwise_min", "minimum"},
      {"elementwise_pow", "pow"},
      {"scale", "scale"},
      {"relu", "relu"},
      {"sigmoid", "sigmoid"},
      {"tanh", "tanh"},
      {"exp", "exp"},
      {"log", "log"},
      {"sqrt", "sqrt"},
      {"rsqrt", "rsqrt"},
      {"erf", "erf"},
      {"abs", "abs"},
      {"square", "square"},
  };
  return opcodes;
}

bool IsBinary(const std::string& type) { return type.rfind("elementwise_", 0) == 0; }

// An op's shape signature: its output's declared shape and dtype.
struct Signature {
  std::vector<int64_t> shape;
  int dtype = -1;
  bool operator==(const Signature& o) const { return shape == o.shape && dtype == o.dtype; }
};

// Whether `in` broadcasts to `out` (aligned to the right) in a way known at build time: each
// extent equal (an unknown -1 only against -1) or 1.
bool BroadcastsTo(const std::vector<int64_t>& in, const std::vector<int64_t>& out) {
  if (in.size() > out.size()) return false;
  const size_t offset = out.size() - in.size();
  for (size_t i = 0; i < in.size(); ++i)
    if (in[i] != out[offset + i] && in[i] != 1) return false;
  return true;
}

// The op's inputs in instruction order, when the op can join a group; fills its signature.
bool Fusable(const Graph& graph, Node* op, Signature* sig, std::vector<std::string>* inputs) {
  const framework::OpDesc& desc = *op->Op();
  if (op->block_id() != 0 || !Opcodes().count(desc.Type())) return false;
  // Forward ops only (op_role Forward or Loss): a backward or optimizer op may read a
  // forward intermediate the group would hide.
  if ((AttrOr<int>(desc, "op_role", 0) & 0x3) != 0) return false;
  const std::string out = SingleOutput(desc, "Out");
  Node* out_var = graph.VarNode(out);
  if (out.empty() || SoleWriter(out_var) != op || out_var->Var() == nullptr ||
      !out_var->Var()->HasTensorDesc())
    return false;
  sig->shape = out_var->Var()->GetShape();
  sig->dtype = static_cast<int>(out_var->Var()->GetDataType());
  if (sig->dtype != framework::proto::VarType::FP32 &&
      sig->dtype != framework::proto::VarType::FP64)
    return false;
  inputs->clear();
  if (IsBinary(desc.Type())) {
    inputs->push_back(SingleInput(desc, "X"));
    inputs->push_back(SingleInput(desc, "Y"));
  } else {
    if (AttrFedByTensor(desc, "scale")) return false;
    inputs->push_back(SingleInput(desc, "X"));
  }
  std::vector<std::vector<int64_t>> shapes;
  for (const std::string& name : *inputs) {
    if (name.empty() || name == out) return false;
    Node* var = graph.VarNode(name);
    if (var == nullptr || var->Var() == nullptr || !var->Var()->HasTensorDesc() ||
        static_cast<int>(var->Var()->GetDataType()) != sig->dtype)
      return false;
    shapes.push_back(var->Var()->GetShape());
    if (!BroadcastsTo(shapes.back(), sig->shape)) return false;
  }
  // The legacy axis aligns like NumPy (to the right) only when it is -1, the ranks agree, or
  // it places the shorter Y at X's last dims.
  if (IsBinary(desc.Type())) {
    const int axis = AttrOr<int>(desc, "axis", -1);
    const int x_rank = static_cast<int>(shapes[0].size());
    const int y_rank = static_cast<int>(shapes[1].size());
    if (axis != -1 && x_rank != y_rank && !(x_rank > y_rank && axis == x_rank - y_rank))
      return false;
  }
  return true;
}

struct Group {
  std::vector<Node*> ops;
  std::vector<std::vector<std::string>> op_inputs;
  Signature sig;
  bool open = true;
};

std::string Instruction(const framework::OpDesc& desc, const std::vector<int>& regs) {
  std::string text = Opcodes().at(desc.Type());
  for (int r : regs) text += " %" + std::to_string(r);
  if (desc.Type() == "scale") {
    text += " " + phi::funcs::FusedFloatText(AttrOr<float>(desc, "scale", 1.0f));
    text += " " + phi::funcs::FusedFloatText(AttrOr<float>(desc, "bias", 0.0f));
    text += AttrOr<bool>(desc, "bias_after_scale", true) ? " 1" : " 0";
  }
  return text;
}

// The fused op of a group; false when the group computes nothing anyone reads.
bool MakeFusedOp(const Graph& graph, const Group& group, Fusion* fusion) {
  std::set<const Node*> members(group.ops.begin(), group.ops.end());
  std::map<std::string, int> reg;
  std::vector<std::string> inputs, outputs, code;
  std::set<std::string> produced;
  for (const Node* op : group.ops) produced.insert(SingleOutput(*op->Op(), "Out"));
  for (size_t i = 0; i < group.ops.size(); ++i) {
    for (const std::string& name : group.op_inputs[i]) {
      if (reg.count(name) || produced.count(name)) continue;
      reg[name] = static_cast<int>(inputs.size());
      inputs.push_back(name);
    }
  }
  int next = static_cast<int>(inputs.size());
  for (size_t i = 0; i < group.ops.size(); ++i) {
    const framework::OpDesc& desc = *group.ops[i]->Op();
    std::vector<int> regs;
    for (const std::string& name : group.op_inputs[i]) regs.push_back(reg.at(name));
    code.push_back(Instruction(desc, regs));
    const std::string out = SingleOutput(desc, "Out");
    reg[out] = next++;
    Node* var = graph.VarNode(out);
    bool needed = !IsTemporary(graph, var) || UsedInSubBlocks(graph, out);
    for (const Node* reader : var->outputs) needed = needed || !members.count(reader);
    if (needed) outputs.push_back(out);
  }
  if (outputs.empty()) return false;
  for (size_t j = 0; j < outputs.size(); ++j)
    code.push_back("out %" + std::to_string(reg.at(outputs[j])) + " " + std::to_string(j));
  fusion->ops = group.ops;
  framework::OpDesc& fused = fusion->fused;
  fused.SetType("fused_elementwise");
  fused.SetInput("X", inputs);
  fused.SetOutput("Out", outputs);
  fused.SetAttr("instructions", code);
  CopyCommonAttrs(*group.ops.back()->Op(), &fused);
  return true;
}

// Whether the fused op may run at its group's last op (the grouping should guarantee it; this
// re-checks on the graph). Unlike CanFuse it lets ops between the group's ops write its inputs:
// in a program where every input has at most one writer, that writer runs before the group op
// reading it, hence before the fused op too.
bool SafeToPlace(const Graph& graph, const Fusion& fusion) {
  std::set<const Node*> members(fusion.ops.begin(), fusion.ops.end());
  int last = -1;
  for (Node* op : fusion.ops) last = std::max(last, graph.IndexOf(op));
  for (const std::string& name : fusion.fused.Input("X")) {
    const Node* var = graph.VarNode(name);
    if (var == nullptr || var->inputs.size() > 1) return false;
    for (const Node* writer : var->inputs)
      if (members.count(writer)) return false;
  }
  for (const std::string& name : fusion.fused.Output("Out")) {
    for (Node* reader : graph.VarNode(name)->outputs)
      if (!members.count(reader) && reader->block_id() == 0 && graph.IndexOf(reader) < last)
        return false;
  }
  return true;
}

// Moves `from`'s ops into `into`, keeping program order (instructions follow it).
void MergeInto(const Graph& graph, Group* from, Group* into) {
  std::vector<std::pair<Node*, std::vector<std::string>>> all;
  for (Group* g : {into, from})
    for (size_t i = 0; i < g->ops.size(); ++i) all.emplace_back(g->ops[i], g->op_inputs[i]);
  std::sort(all.begin(), all.end(), [&graph](const auto& a, const auto& b) {
    return graph.IndexOf(a.first) < graph.IndexOf(b.first);
  });
  into->ops.clear();
  into->op_inputs.clear();
  for (auto& [op, inputs] : all) {
    into->ops.push_back(op);
    into->op_inputs.push_back(std::move(inputs));
  }
  from->ops.clear();
  from->op_inputs.clear();
}

class BuildCinnPass : public Pass {
 public:
  std::string Name() const override { return "build_cinn_pass"; }

  bool Apply(Graph* graph) override {
    std::vector<Group> groups;
    std::vector<int> merged_into;  // union-find over group ids: two open groups an op joins
    auto root = [&merged_into](int g) {
      while (merged_into[g] != g) g = merged_into[g] = merged_into[merged_into[g]];
      return g;
    };
    std::map<const Node*, int> group_of;
    std::map<std::string, std::set<int>> depends_on;  // var -> groups it is computed from
    for (Node* op : graph->Ops(0)) {
      std::set<int> deps;
      for (const Node* var : op->inputs) {
        auto it = depends_on.find(var->Name());
        if (it != depends_on.end())
          for (int h : it->second) deps.insert(root(h));
      }
      int g = -1;
      Signature sig;
      std::vector<std::string> inputs;
      if (Fusable(*graph, op, &sig, &inputs)) {
        // Every open group of this signature that produced an input: the op joins the first,
        // and the others merge into it (open, so no outside op has read from them yet: all
        // their ops may run at the op's place).
        std::vector<int> joined;
        for (const std::string& name : inputs) {
          auto writer = group_of.find(SoleWriter(graph->VarNode(name)));
          if (writer == group_of.end()) continue;
          const int h = root(writer->second);
          if (groups[h].open && groups[h].sig == sig &&
              std::find(joined.begin(), joined.end(), h) == joined.end())
            joined.push_back(h);
        }
        if (joined.empty()) {
          g = static_cast<int>(groups.size());
          groups.emplace_back();
          groups.back().sig = sig;
          merged_into.push_back(g);
        } else {
          g = joined[0];
          for (size_t k = 1; k < joined.size(); ++k)
            MergeInto(*graph, &groups[joined[k]], &groups[g]);
          for (size_t k = 1; k < joined.size(); ++k) merged_into[joined[k]] = g;
        }
        groups[g].ops.push_back(op);
        groups[g].op_inputs.push_back(inputs);
        group_of[op] = g;
      }
      // A group another op reads from takes no later op: that op runs before the fused op
      // would. Ops with effects or sub-blocks are barriers for every group.
      const bool barrier = HasSideEffects(*op->Op());
      for (int h = 0; h < static_cast<int>(groups.size()); ++h)
        if (root(h) == h && h != g && (barrier || deps.count(h))) groups[h].open = false;
      if (g >= 0) deps.insert(g);
      for (const Node* var : op->outputs) depends_on[var->Name()] = deps;
    }
    bool changed = false;
    for (const Group& group : groups) {
      if (group.ops.size() < 2) continue;
      Fusion fusion;
      if (!MakeFusedOp(*graph, group, &fusion) || !SafeToPlace(*graph, fusion)) continue;
      ApplyFusions(graph, {fusion});
      changed = true;
    }
    return changed;
  }
};

}  // namespace

PD_REGISTER_PASS(build_cinn_pass, BuildCinnPass);

}  // namespace ir
}  // namespace paddle
