#include "paddle/ir/passes/fusion_util.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/framework/backward.h"
#include "paddle/framework/op_record.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

Node* SoleWriter(const Node* var) {
  return var != nullptr && var->inputs.size() == 1 ? var->inputs[0] : nullptr;
}

Node* SoleReader(const Node* var) {
  return var != nullptr && var->outputs.size() == 1 ? var->outputs[0] : nullptr;
}

std::vector<Node*> ReadersVia(const Graph& graph, const std::string& name, const std::string& type,
                              const std::string& slot) {
  std::vector<Node*> found;
  Node* var = graph.VarNode(name);
  if (var == nullptr) return found;
  for (Node* reader : var->outputs) {
    if (reader->Op()->Type() != type || !reader->Op()->HasInput(slot)) continue;
    const auto& args = reader->Op()->Input(slot);
    if (std::find(args.begin(), args.end(), name) != args.end()) found.push_back(reader);
  }
  return found;
}

std::vector<int64_t> DeclaredShape(const Node* var) {
  if (var == nullptr || var->Var() == nullptr || !var->Var()->HasTensorDesc()) return {};
  return var->Var()->GetShape();
}

bool IsPersistable(const Node* var) {
  return var != nullptr && var->block_id() == 0 && var->Var() != nullptr &&
         var->Var()->Persistable();
}

bool UsedInSubBlocks(const Graph& graph, const std::string& name) {
  for (size_t b = 1; b < graph.BlockCount(); ++b) {
    for (Node* op : graph.Ops(static_cast<int>(b))) {
      for (const auto& n : op->Op()->InputArgumentNames())
        if (n == name) return true;
      for (const auto& n : op->Op()->OutputArgumentNames())
        if (n == name) return true;
    }
  }
  return false;
}

bool FusedConvNchw(const Graph& graph, const Node* op, bool residual_ok,
                   std::vector<int64_t>* filter_shape) {
  if (op == nullptr || op->Op()->Type() != "fused_conv2d") return false;
  const framework::OpDesc& desc = *op->Op();
  const std::string format = AttrOr<std::string>(desc, "data_format", "NCHW");
  if (format != "NCHW" && format != "AnyLayout") return false;
  if (!residual_ok && !desc.Input("ResidualData").empty()) return false;
  if (SingleInput(desc, "Input").empty() || SingleOutput(desc, "Output").empty()) return false;
  *filter_shape = DeclaredShape(graph.VarNode(SingleInput(desc, "Filter")));
  return filter_shape->size() == 4 && (*filter_shape)[0] > 0 && (*filter_shape)[1] > 0;
}

bool IsPointwiseConv(const framework::OpDesc& desc, const std::vector<int64_t>& filter_shape) {
  const auto all = [](const std::vector<int>& v, int value) {
    for (int x : v) {
      if (x != value) return false;
    }
    return true;
  };
  return filter_shape.size() == 4 && filter_shape[2] == 1 && filter_shape[3] == 1 &&
         AttrOr<int>(desc, "groups", 1) == 1 &&
         all(AttrOr<std::vector<int>>(desc, "strides", {1, 1}), 1) &&
         all(AttrOr<std::vector<int>>(desc, "dilations", {1, 1}), 1) &&
         all(AttrOr<std::vector<int>>(desc, "paddings", {0, 0}), 0) &&
         AttrOr<std::string>(desc, "padding_algorithm", "EXPLICIT") != "SAME";
}

bool IsStemConv(const framework::OpDesc& desc, const std::vector<int64_t>& filter_shape) {
  if (filter_shape.size() != 4 || filter_shape[0] <= 0 || filter_shape[0] > 64 ||
      filter_shape[1] <= 0 || filter_shape[2] <= 0 || filter_shape[3] <= 0) {
    return false;
  }
  const std::vector<int> dilations = AttrOr<std::vector<int>>(desc, "dilations", {1, 1});
  const std::vector<int> strides = AttrOr<std::vector<int>>(desc, "strides", {1, 1});
  const std::vector<int> paddings = AttrOr<std::vector<int>>(desc, "paddings", {0, 0});
  return filter_shape[2] * filter_shape[3] > 1 &&
         filter_shape[1] * filter_shape[2] * filter_shape[3] <= 64 &&
         AttrOr<int>(desc, "groups", 1) == 1 && dilations == std::vector<int>{1, 1} &&
         strides.size() == 2 && strides[0] > 0 && strides[1] > 0 &&
         (paddings.size() == 2 || paddings.size() == 4) &&
         AttrOr<std::string>(desc, "padding_algorithm", "EXPLICIT") == "EXPLICIT";
}

void CopyInputIfAny(const framework::OpDesc& from, const std::string& slot, framework::OpDesc* to,
                    const std::string& to_slot) {
  const std::string name = SingleInput(from, slot);
  if (!name.empty()) to->SetInput(to_slot, {name});
}

namespace {

// A declared [N, C, 1, 1] shape (N may be unknown).
bool IsGateShape(const std::vector<int64_t>& shape) {
  return shape.size() == 4 && shape[1] > 0 && shape[2] == 1 && shape[3] == 1;
}

}  // namespace

bool MatchChannelGate(const Graph& graph, const Node* mul, int64_t channels, std::string* feature,
                      std::string* gate) {
  if (mul == nullptr || mul->Op()->Type() != "elementwise_mul") return false;
  const framework::OpDesc& desc = *mul->Op();
  const int axis = AttrOr<int>(desc, "axis", -1);
  const std::string x = SingleInput(desc, "X"), y = SingleInput(desc, "Y");
  if (x.empty() || y.empty() || (axis != -1 && axis != 0)) return false;
  const std::vector<int64_t> xs = DeclaredShape(graph.VarNode(x));
  const std::vector<int64_t> ys = DeclaredShape(graph.VarNode(y));
  if (xs.size() != 4 || ys.size() != 4) return false;
  const bool y_gate = IsGateShape(ys);
  if (!y_gate && !IsGateShape(xs)) return false;
  const std::vector<int64_t>& fs = y_gate ? xs : ys;
  const std::vector<int64_t>& gs = y_gate ? ys : xs;
  if (fs[1] != gs[1] || fs[1] != channels) return false;
  if (gs[0] > 1 && gs[0] != fs[0]) return false;
  *feature = y_gate ? x : y;
  *gate = y_gate ? y : x;
  return true;
}

namespace {

std::unordered_set<std::string> ArgNames(const std::vector<std::string>& names) {
  std::unordered_set<std::string> set;
  for (const auto& n : names)
    if (n != framework::kEmptyVarName) set.insert(n);
  return set;
}

}  // namespace

bool CanFuse(const Graph& graph, const std::vector<Fusion>& fusions,
             const std::set<std::string>& droppable) {
  if (fusions.empty()) return false;
  std::unordered_set<const Node*> all_ops;
  std::unordered_set<std::string> all_in, all_out;
  for (const Fusion& f : fusions) {
    if (f.ops.empty()) return false;
    for (Node* op : f.ops) {
      if (op->block_id() != 0 || graph.IndexOf(op) < 0 || !all_ops.insert(op).second) return false;
    }
    for (const auto& n : ArgNames(f.fused.InputArgumentNames())) all_in.insert(n);
    for (const auto& n : ArgNames(f.fused.OutputArgumentNames())) all_out.insert(n);
  }
  // Everything the ops write is a fused output, droppable, or a private intermediate.
  for (const Node* op : all_ops) {
    for (Node* var : op->outputs) {
      const std::string& name = var->Name();
      if (all_out.count(name) || droppable.count(name)) continue;
      if (all_in.count(name) || !IsTemporary(graph, var) || UsedInSubBlocks(graph, name))
        return false;
      for (Node* writer : var->inputs)
        if (!all_ops.count(writer)) return false;
      for (Node* reader : var->outputs)
        if (!all_ops.count(reader)) return false;
    }
  }
  // Ops between a fusion's ops keep seeing what they saw, and the fused op, running at the last
  // place, reads each input as the group's ops did: no other op after the group's first reader
  // of an input writes it (an input may be written between the group's first op and that reader:
  // an attention's K after its Q was split into heads).
  const auto& block_ops = graph.Ops(0);
  for (const Fusion& f : fusions) {
    std::unordered_set<const Node*> group(f.ops.begin(), f.ops.end());
    const std::unordered_set<std::string> in = ArgNames(f.fused.InputArgumentNames());
    const std::unordered_set<std::string> out = ArgNames(f.fused.OutputArgumentNames());
    int first = static_cast<int>(block_ops.size()), last = -1;
    std::unordered_map<std::string, int> first_read;  // per input: the group's first reader
    for (Node* op : f.ops) {
      const int at = graph.IndexOf(op);
      first = std::min(first, at);
      last = std::max(last, at);
      for (const Node* var : op->inputs) {
        if (!in.count(var->Name())) continue;
        auto it = first_read.emplace(var->Name(), at).first;
        it->second = std::min(it->second, at);
      }
    }
    for (int i = first + 1; i < last; ++i) {
      const Node* other = block_ops[i];
      if (group.count(other)) continue;
      for (const Node* var : other->outputs) {
        if (out.count(var->Name())) return false;
        if (!in.count(var->Name())) continue;
        auto it = first_read.find(var->Name());
        if (it == first_read.end() || it->second < i) return false;
      }
      for (const Node* var : other->inputs)
        if (out.count(var->Name())) return false;
    }
  }
  return true;
}

std::vector<Node*> ApplyFusions(Graph* graph, const std::vector<Fusion>& fusions) {
  std::vector<Node*> created;
  for (const Fusion& f : fusions) {
    Node* last = f.ops.front();
    for (Node* op : f.ops)
      if (graph->IndexOf(op) > graph->IndexOf(last)) last = op;
    created.push_back(graph->InsertOp(f.fused, last, 0));
    for (Node* op : f.ops) graph->RemoveOp(op);
  }
  return created;
}

bool MatchLinear(const Graph& graph, Node* add, LinearMatch* match) {
  const framework::OpDesc& add_desc = *add->Op();
  if (add_desc.Type() != "elementwise_add" || add->block_id() != 0) return false;
  LinearMatch m;
  m.add = add;
  m.h = SingleInput(add_desc, "X");
  m.bias = SingleInput(add_desc, "Y");
  m.out = SingleOutput(add_desc, "Out");
  if (m.h.empty() || m.bias.empty() || m.out.empty() || m.h == m.bias) return false;
  m.matmul = SoleWriter(graph.VarNode(m.h));
  if (m.matmul == nullptr) return false;
  const framework::OpDesc& mm = *m.matmul->Op();
  m.x = SingleInput(mm, "X");
  m.w = SingleInput(mm, "Y");
  if (m.x.empty() || m.w.empty() || SingleOutput(mm, "Out") != m.h) return false;
  const std::vector<int64_t> x_shape = DeclaredShape(graph.VarNode(m.x));
  const std::vector<int64_t> w_shape = DeclaredShape(graph.VarNode(m.w));
  const std::vector<int64_t> b_shape = DeclaredShape(graph.VarNode(m.bias));
  m.x_rank = static_cast<int>(x_shape.size());
  if (m.x_rank < 2 || w_shape.size() != 2 || w_shape[1] <= 0) return false;
  if (b_shape != std::vector<int64_t>{w_shape[1]}) return false;
  if (mm.Type() == "mul") {
    if (AttrOr<int>(mm, "y_num_col_dims", 1) != 1) return false;
    m.in_num_col_dims = AttrOr<int>(mm, "x_num_col_dims", 1);
    if (m.in_num_col_dims < 1 || m.in_num_col_dims >= m.x_rank) return false;
  } else if (mm.Type() == "matmul_v2") {
    if (AttrOr<bool>(mm, "trans_x", false) || AttrOr<bool>(mm, "trans_y", false)) return false;
    m.in_num_col_dims = m.x_rank - 1;
  } else {
    return false;
  }
  // The bias runs along the last dim of h (rank in_num_col_dims + 1).
  const int axis = AttrOr<int>(add_desc, "axis", -1);
  if (axis != -1 && axis != m.in_num_col_dims) return false;
  *match = m;
  return true;
}

void CopyCommonAttrs(const framework::OpDesc& from, framework::OpDesc* to) {
  for (const auto& [name, attr] : from.Attrs())
    if (framework::IsCommonAttr(name)) to->SetAttr(attr);
}

std::string UniqueVarName(const Graph& graph, const framework::Scope* scope,
                          const std::string& base) {
  auto taken = [&](const std::string& name) {
    return graph.BlockDesc(0)->HasVar(name) || graph.VarNode(name) != nullptr ||
           (scope != nullptr && scope->FindVar(name) != nullptr);
  };
  std::string name = base;
  for (int i = 1; taken(name); ++i) name = base + "_" + std::to_string(i);
  return name;
}

bool FuseUntilNoneLeft(Graph* graph, const std::function<bool(Node*)>& try_at) {
  bool changed = false;
  for (bool again = true; again;) {
    again = false;
    std::vector<Node*> ops = graph->Ops(0);  // a copy: a fusion edits the list
    for (Node* op : ops) {
      if (try_at(op)) {
        again = changed = true;
        break;
      }
    }
  }
  return changed;
}

}  // namespace ir
}  // namespace paddle
