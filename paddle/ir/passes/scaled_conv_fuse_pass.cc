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
    std::string feature, gate;
    if (!MatchChannelGate(*graph, mul, filter_shape[1], &feature, &gate)) return false;
    Fusion f;
    f.ops = {mul, conv};
    framework::OpDesc& fused = f.fused;
    fused.SetType("fused_scaled_conv2d");
    fused.SetInput("Input", {feature});
    fused.SetInput("InputScale", {gate});
    for (const char* slot : {"Filter", "Bias", "ResidualData"}) {
      CopyInputIfAny(conv_desc, slot, &fused, slot);
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
