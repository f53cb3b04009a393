// fc_fuse_pass (inference): mul / matmul_v2 with a 2-D parameter W, then elementwise_add of a
// 1-D parameter Bias along the last dim, optionally then relu, become one fc op. The
// intermediates must be temporaries nobody else reads (a training program's grad ops read
// them, so it is left alone).
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
    // With the relu when the add's only reader is one; else without.
    Node* relu = SoleReader(graph->VarNode(m.out));
    if (relu != nullptr && relu->Op()->Type() == "relu" &&
        SingleInput(*relu->Op(), "X") == m.out && !SingleOutput(*relu->Op(), "Out").empty() &&
        TryFuse(graph, m, relu))
      return true;
    if (TryFuse(graph, m, nullptr)) return true;
    return false;
  }

  static bool TryFuse(Graph* graph, const LinearMatch& m, Node* relu) {
    Fusion f;
    f.ops = {m.matmul, m.add};
    if (relu != nullptr) f.ops.push_back(relu);
    framework::OpDesc& fc = f.fused;
    fc.SetType("fc");
    fc.SetInput("Input", {m.x});
    fc.SetInput("W", {m.w});
    fc.SetInput("Bias", {m.bias});
    fc.SetOutput("Out", {relu != nullptr ? SingleOutput(*relu->Op(), "Out") : m.out});
    fc.SetAttr("in_num_col_dims", m.in_num_col_dims);
    fc.SetAttr("activation_type", std::string(relu != nullptr ? "relu" : ""));
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
