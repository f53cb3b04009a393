// fuse_elewise_add_act_pass (training and inference): elementwise_add -> relu / sigmoid / tanh,
// where only the activation reads the sum, becomes fused_elemwise_add_activation. In a training
// program the matching backward pair (<act>_grad writing the sum's gradient, then
// elementwise_add_grad reading it) becomes fused_elemwise_add_activation_grad writing the very
// gradient variables the rest of the program uses.
#include "paddle/framework/backward.h"
#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

bool IsFusableActivation(const std::string& type) {
  return type == "relu" || type == "sigmoid" || type == "tanh";
}

class FuseElewiseAddActPass : public Pass {
 public:
  std::string Name() const override { return "fuse_elewise_add_act_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* add) {
      return add->Op()->Type() == "elementwise_add" && TryFuse(graph, add);
    });
  }

 private:
  static bool TryFuse(Graph* graph, Node* add) {
    const framework::OpDesc& add_desc = *add->Op();
    const std::string x = SingleInput(add_desc, "X");
    const std::string y = SingleInput(add_desc, "Y");
    const std::string sum = SingleOutput(add_desc, "Out");
    if (x.empty() || y.empty() || sum.empty()) return false;
    Node* act = SoleReader(graph->VarNode(sum));
    if (act == nullptr || !IsFusableActivation(act->Op()->Type())) return false;
    const std::string act_type = act->Op()->Type();
    const std::string out = SingleOutput(*act->Op(), "Out");
    if (SingleInput(*act->Op(), "X") != sum || out.empty()) return false;
    const int axis = AttrOr<int>(add_desc, "axis", -1);

    Fusion forward;
    forward.ops = {add, act};
    framework::OpDesc& fwd = forward.fused;
    fwd.SetType("fused_elemwise_add_activation");
    fwd.SetInput("X", {x});
    fwd.SetInput("Y", {y});
    fwd.SetOutput("Out", {out});
    fwd.SetAttr("functor_list", std::vector<std::string>{act_type, "elementwise_add"});
    fwd.SetAttr("axis", axis);
    fwd.SetAttr("scale", 0.0f);
    CopyCommonAttrs(add_desc, &fwd);

    // The backward pair, when the activation's output has a gradient op.
    const std::vector<Node*> act_grads = ReadersVia(*graph, out, act_type + "_grad", "Out");
    if (act_grads.empty()) {  // inference: the sum need not be kept
      fwd.SetAttr("save_intermediate_out", false);
      if (!CanFuse(*graph, {forward})) return false;
      ApplyFusions(graph, {forward});
      return true;
    }
    if (act_grads.size() != 1) return false;
    Node* act_grad = act_grads[0];
    const std::string out_grad = SingleInput(*act_grad->Op(), "Out@GRAD");
    const std::string sum_grad = SingleOutput(*act_grad->Op(), "X@GRAD");
    if (out_grad.empty() || sum_grad.empty()) return false;
    Node* add_grad = SoleReader(graph->VarNode(sum_grad));
    if (add_grad == nullptr) return false;
    const framework::OpDesc& add_grad_desc = *add_grad->Op();
    if (add_grad_desc.Type() != "elementwise_add_grad" ||
        SingleInput(add_grad_desc, "Out@GRAD") != sum_grad ||
        SingleInput(add_grad_desc, "X") != x || SingleInput(add_grad_desc, "Y") != y ||
        AttrOr<int>(add_grad_desc, "axis", -1) != axis)
      return false;

    fwd.SetOutput("IntermediateOut", {sum});
    fwd.SetAttr("save_intermediate_out", true);
    Fusion backward;
    backward.ops = {act_grad, add_grad};
    framework::OpDesc& bwd = backward.fused;
    bwd.SetType("fused_elemwise_add_activation_grad");
    bwd.SetInput("X", {x});
    bwd.SetInput("Y", {y});
    bwd.SetInput("Out", {out});
    bwd.SetInput("IntermediateOut", {sum});
    bwd.SetInput("Out@GRAD", {out_grad});
    for (const char* slot : {"X@GRAD", "Y@GRAD"})
      if (add_grad_desc.HasOutput(slot)) bwd.SetOutput(slot, add_grad_desc.Output(slot));
    for (const char* attr : {"functor_list", "axis", "scale", "save_intermediate_out"})
      bwd.SetAttr(fwd.GetAttr(attr));
    CopyCommonAttrs(add_grad_desc, &bwd);
    if (!CanFuse(*graph, {forward, backward})) return false;
    ApplyFusions(graph, {forward, backward});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(fuse_elewise_add_act_pass, FuseElewiseAddActPass);

}  // namespace ir
}  // namespace paddle
