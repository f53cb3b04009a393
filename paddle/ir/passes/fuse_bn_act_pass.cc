// fuse_bn_act_pass: batch_norm with batch statistics (training) -> relu, where only the relu
// reads the normalized values, becomes fused_batch_norm_act; the matching backward pair
// (relu_grad, then batch_norm_grad reading its result) becomes fused_batch_norm_act_grad
// writing the same gradient variables.
#include "paddle/framework/backward.h"
#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

// batch_norm / batch_norm_grad normalizing with batch statistics.
bool UsesBatchStatistics(const framework::OpDesc& op) {
  return !AttrOr<bool>(op, "is_test", false) && !AttrOr<bool>(op, "use_global_stats", false) &&
         !AttrOr<bool>(op, "trainable_statistics", false);
}

class FuseBnActPass : public Pass {
 public:
  std::string Name() const override { return "fuse_bn_act_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* bn) {
      return bn->Op()->Type() == "batch_norm" && TryFuse(graph, bn);
    });
  }

 private:
  static bool TryFuse(Graph* graph, Node* bn) {
    const framework::OpDesc& bn_desc = *bn->Op();
    if (!UsesBatchStatistics(bn_desc)) return false;
    const std::string layout = AttrOr<std::string>(bn_desc, "data_layout", "NCHW");
    if (layout != "NCHW" && layout != "NHWC") return false;
    const std::string normalized = SingleOutput(bn_desc, "Y");
    if (normalized.empty() || SingleOutput(bn_desc, "SavedMean").empty() ||
        SingleOutput(bn_desc, "SavedVariance").empty())
      return false;
    Node* relu = SoleReader(graph->VarNode(normalized));
    if (relu == nullptr || relu->Op()->Type() != "relu" ||
        SingleInput(*relu->Op(), "X") != normalized)
      return false;
    const std::string out = SingleOutput(*relu->Op(), "Out");
    if (out.empty()) return false;

    Fusion forward;
    forward.ops = {bn, relu};
    framework::OpDesc& fwd = forward.fused;
    fwd.SetType("fused_batch_norm_act");
    for (const char* slot : {"X", "Scale", "Bias", "Mean", "Variance"})
      fwd.SetInput(slot, bn_desc.Input(slot));
    fwd.SetOutput("Y", {out});
    for (const char* slot :
         {"MeanOut", "VarianceOut", "SavedMean", "SavedVariance", "ReserveSpace"})
      if (bn_desc.HasOutput(slot)) fwd.SetOutput(slot, bn_desc.Output(slot));
    fwd.SetAttr("momentum", AttrOr<float>(bn_desc, "momentum", 0.9f));
    fwd.SetAttr("epsilon", AttrOr<float>(bn_desc, "epsilon", 1e-5f));
    fwd.SetAttr("act_type", std::string("relu"));
    fwd.SetAttr("data_layout", layout);
    CopyCommonAttrs(bn_desc, &fwd);

    const std::vector<Node*> relu_grads = ReadersVia(*graph, out, "relu_grad", "Out");
    if (relu_grads.empty()) {
      if (!CanFuse(*graph, {forward})) return false;
      ApplyFusions(graph, {forward});
      return true;
    }
    if (relu_grads.size() != 1) return false;
    Node* relu_grad = relu_grads[0];
    const std::string out_grad = SingleInput(*relu_grad->Op(), "Out@GRAD");
    const std::string normalized_grad = SingleOutput(*relu_grad->Op(), "X@GRAD");
    if (out_grad.empty() || normalized_grad.empty()) return false;
    Node* bn_grad = SoleReader(graph->VarNode(normalized_grad));
    if (bn_grad == nullptr) return false;
    const framework::OpDesc& bn_grad_desc = *bn_grad->Op();
    if (bn_grad_desc.Type() != "batch_norm_grad" || !UsesBatchStatistics(bn_grad_desc) ||
        SingleInput(bn_grad_desc, "Y@GRAD") != normalized_grad)
      return false;
    for (const char* slot : {"X", "Scale", "Bias"})
      if (SingleInput(bn_grad_desc, slot) != SingleInput(bn_desc, slot)) return false;
    if (SingleInput(bn_grad_desc, "SavedMean") != SingleOutput(bn_desc, "SavedMean") ||
        SingleInput(bn_grad_desc, "SavedVariance") != SingleOutput(bn_desc, "SavedVariance") ||
        AttrOr<float>(bn_grad_desc, "epsilon", 1e-5f) != AttrOr<float>(bn_desc, "epsilon", 1e-5f) ||
        AttrOr<std::string>(bn_grad_desc, "data_layout", "NCHW") != layout)
      return false;

    Fusion backward;
    backward.ops = {relu_grad, bn_grad};
    framework::OpDesc& bwd = backward.fused;
    bwd.SetType("fused_batch_norm_act_grad");
    for (const char* slot : {"X", "Scale", "Bias", "SavedMean", "SavedVariance"})
      bwd.SetInput(slot, bn_grad_desc.Input(slot));
    bwd.SetInput("Y", {out});
    if (bn_desc.HasOutput("ReserveSpace") && !SingleOutput(bn_desc, "ReserveSpace").empty())
      bwd.SetInput("ReserveSpace", bn_desc.Output("ReserveSpace"));
    bwd.SetInput("Y@GRAD", {out_grad});
    for (const char* slot : {"X@GRAD", "Scale@GRAD", "Bias@GRAD"})
      if (bn_grad_desc.HasOutput(slot)) bwd.SetOutput(slot, bn_grad_desc.Output(slot));
    for (const char* attr : {"momentum", "epsilon", "act_type", "data_layout"})
      bwd.SetAttr(fwd.GetAttr(attr));
    CopyCommonAttrs(bn_grad_desc, &bwd);
    if (!CanFuse(*graph, {forward, backward})) return false;
    ApplyFusions(graph, {forward, backward});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(fuse_bn_act_pass, FuseBnActPass);

}  // namespace ir
}  // namespace paddle
