// fc_fuse_pass (inference): mul / matmul_v2 with a 2-D parameter W, then elementwise_add of a
// 1-D parameter Bias along the last dim, optionally then relu or gelu, become one fc op. The
// intermediates must be temporaries nobody else reads (a training program's grad ops read
// them, so it is left alone). PaddlePaddle's pass folds relu only; a gelu becomes our fc
// activation_type "gelu_erf" (approximate = false) or "gelu_tanh", computed as the gelu kernel
// does (the same bits), in the pass over the GEMM's rows that adds the bias.
#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

class FcFusePass : public Pass {
 public:
  std::string Name() const override { return "fc_fuse_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* add) { return TryAt(graph, add); });
  }

 private:
  // One fusion anchored at `add` (an elementwise_add), if it matches.
  static bool TryAt(Graph* graph, Node* add) {
    LinearMatch m;
    if (!MatchLinear(*graph, add, &m)) return false;
    if (!IsPersistable(graph->VarNode(m.w)) || !IsPersistable(graph->VarNode(m.bias))) return false;
    // With the activation when the add's only reader is one; else without.
    Node* act = SoleReader(graph->VarNode(m.out));
    const std::string act_type = act != nullptr ? ActivationType(*act->Op()) : "";
    if (!act_type.empty() && SingleInput(*act->Op(), "X") == m.out &&
        !SingleOutput(*act->Op(), "Out").empty() && TryFuse(graph, m, act, act_type))
      return true;
    if (TryFuse(graph, m, nullptr, "")) return true;
    return false;
  }

  // fc's activation_type for an activation op it can take, else "".
  static std::string ActivationType(const framework::OpDesc& op) {
    if (op.Type() == "relu") return "relu";
    if (op.Type() != "gelu") return "";
    return AttrOr<bool>(op, "approximate", false) ? "gelu_tanh" : "gelu_erf";
  }

  static bool TryFuse(Graph* graph, const LinearMatch& m, Node* act, const std::string& act_type) {
    Fusion f;
    f.ops = {m.matmul, m.add};
    if (act != nullptr) f.ops.push_back(act);
    framework::OpDesc& fc = f.fused;
    fc.SetType("fc");
    fc.SetInput("Input", {m.x});
    fc.SetInput("W", {m.w});
    fc.SetInput("Bias", {m.bias});
    fc.SetOutput("Out", {act != nullptr ? SingleOutput(*act->Op(), "Out") : m.out});
    fc.SetAttr("in_num_col_dims", m.in_num_col_dims);
    fc.SetAttr("activation_type", act_type);
    fc.SetAttr("padding_weights", false);
    CopyCommonAttrs(*m.matmul->Op(), &fc);
    if (!CanFuse(*graph, {f})) return false;
    ApplyFusions(graph, {f});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(fc_fuse_pass, FcFusePass);

}  // namespace ir
}  // namespace paddle
