// scaled_conv_fuse_pass (inference): elementwise_mul of a feature map [N, C, H, W] by a gate
// [N or 1, C, 1, 1] (a squeeze-excitation block's last step), read only by a 1x1 fused_conv2d,
// becomes one fused_scaled_conv2d: its float kernel makes the products as it packs the
// convolution's input, so the scaled feature map is never written to memory and read back.
// Either operand of the multiply may be the gate. Runs after conv_elementwise_add_act_fuse_pass.
#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

// A declared [N, C, 1, 1] shape (N may be unknown).
bool IsGateShape(const std::vector<int64_t>& shape) {
  return shape.size() == 4 && shape[1] > 0 && shape[2] == 1 && shape[3] == 1;
}

class ScaledConvFusePass : public Pass {
 public:
  std::string Name() const override { return "scaled_conv_fuse_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* op) { return TryFuse(graph, op); });
  }

 private:
  static bool TryFuse(Graph* graph, Node* conv) {
    std::vector<int64_t> filter_shape;
    if (!FusedConvNchw(*graph, conv, true, &filter_shape) ||
        !IsPointwiseConv(*conv->Op(), filter_shape))
      return false;
    const framework::OpDesc& conv_desc = *conv->Op();
    Node* mul = SoleWriter(graph->VarNode(SingleInput(conv_desc, "Input")));
    if (mul == nullptr || mul->Op()->Type() != "elementwise_mul") return false;
    const framework::OpDesc& mul_desc = *mul->Op();
    const int axis = AttrOr<int>(mul_desc, "axis", -1);
    const std::string x = SingleInput(mul_desc, "X"), y = SingleInput(mul_desc, "Y");
    if (x.empty() || y.empty() || (axis != -1 && axis != 0)) return false;
    const std::vector<int64_t> xs = DeclaredShape(graph->VarNode(x));
    const std::vector<int64_t> ys = DeclaredShape(graph->VarNode(y));
    if (xs.size() != 4 || ys.size() != 4) return false;
    // The gate is the [N, C, 1, 1] operand; where both are, the feature map is X.
    const bool y_gate = IsGateShape(ys);
    if (!y_gate && !IsGateShape(xs)) return false;
    const std::string& feature = y_gate ? x : y;
    const std::string& gate = y_gate ? y : x;
    const std::vector<int64_t>& fs = y_gate ? xs : ys;
    const std::vector<int64_t>& gs = y_gate ? ys : xs;
    // The gate's batch is the feature map's or 1 (broadcast), its channels the convolution's.
    // A gate of a fixed batch above 1 needs the feature map's batch declared equal: were the
    // map's batch 1 at run time, the product would broadcast to the gate's batch, which
    // fused_scaled_conv2d does not do.
    if (fs[1] != gs[1] || fs[1] != filter_shape[1]) return false;
    if (gs[0] > 1 && gs[0] != fs[0]) return false;
    Fusion f;
    f.ops = {mul, conv};
    framework::OpDesc& fused = f.fused;
    fused.SetType("fused_scaled_conv2d");
    fused.SetInput("Input", {feature});
    fused.SetInput("InputScale", {gate});
    for (const char* slot : {"Filter", "Bias", "ResidualData"}) {
      const std::string name = SingleInput(conv_desc, slot);
      if (!name.empty()) fused.SetInput(slot, {name});
    }
    fused.SetOutput("Output", {SingleOutput(conv_desc, "Output")});
    for (const char* name :
         {"strides", "paddings", "padding_algorithm", "dilations", "groups", "data_format",
          "fuse_activation", "fuse_alpha", "fuse_beta", "fuse_residual_connection"}) {
      if (const framework::Attr* attr = conv_desc.FindAttr(name)) fused.SetAttr(*attr);
    }
    CopyCommonAttrs(conv_desc, &fused);
    if (!CanFuse(*graph, {f})) return false;
    ApplyFusions(graph, {f});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(scaled_conv_fuse_pass, ScaledConvFusePass);

}  // namespace ir
}  // namespace paddle
