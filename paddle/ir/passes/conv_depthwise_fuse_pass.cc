// conv_depthwise_fuse_pass (inference): a fused_conv2d over few input channels with a window
// larger than 1x1 (a network's stem: 3x3 / 2 over an RGB image, IsStemConv) whose output is read
// only by a 3x3 or 5x5 depthwise fused_conv2d of stride 2 becomes one fused_conv_depthwise (the
// stem of MobileNetV3). Its float kernel computes the first output a few rows at a time, in
// cache, instead of writing the largest activation of the network to memory and reading it back.
// Behind a stride-1 depthwise convolution the depthwise output is as large as the first one, and
// the fused kernel measured no faster there (MobileNetV2's stem and 32-channel depthwise layer,
// benchmarks/README.md); mbconv_fuse_pass, which runs first, takes such a stem with the block
// after it.
#include <algorithm>

#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

bool Undilated(const framework::OpDesc& op) {
  const std::vector<int> d = AttrOr<std::vector<int>>(op, "dilations", {1, 1});
  return std::all_of(d.begin(), d.end(), [](int v) { return v == 1; });
}

class ConvDepthwiseFusePass : public Pass {
 public:
  std::string Name() const override { return "conv_depthwise_fuse_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* op) { return TryFuse(graph, op); });
  }

 private:
  // `dw` as the depthwise convolution.
  static bool TryFuse(Graph* graph, Node* dw) {
    std::vector<int64_t> dw_shape, conv_shape;
    if (!FusedConvNchw(*graph, dw, false, &dw_shape)) return false;
    const framework::OpDesc& dw_desc = *dw->Op();
    const int64_t channels = dw_shape[0];
    if (dw_shape[1] != 1 || AttrOr<int>(dw_desc, "groups", 1) != channels ||
        (dw_shape[2] != 3 && dw_shape[2] != 5) || dw_shape[3] != dw_shape[2] || !Undilated(dw_desc))
      return false;
    const std::vector<int> dw_strides = AttrOr<std::vector<int>>(dw_desc, "strides", {1, 1});
    if (dw_strides != std::vector<int>{2, 2}) return false;
    const Node* hidden = graph->VarNode(SingleInput(dw_desc, "Input"));
    Node* conv = hidden != nullptr ? SoleWriter(hidden) : nullptr;
    if (!FusedConvNchw(*graph, conv, false, &conv_shape)) return false;
    const framework::OpDesc& conv_desc = *conv->Op();
    if (conv_shape[0] != channels || !IsStemConv(conv_desc, conv_shape)) return false;
    Fusion f;
    f.ops = {conv, dw};
    framework::OpDesc& fused = f.fused;
    fused.SetType("fused_conv_depthwise");
    fused.SetInput("Input", {SingleInput(conv_desc, "Input")});
    fused.SetInput("Filter", {SingleInput(conv_desc, "Filter")});
    CopyInputIfAny(conv_desc, "Bias", &fused, "Bias");
    fused.SetInput("DepthwiseFilter", {SingleInput(dw_desc, "Filter")});
    CopyInputIfAny(dw_desc, "Bias", &fused, "DepthwiseBias");
    fused.SetOutput("Output", {SingleOutput(dw_desc, "Output")});
    for (const char* name : {"strides", "paddings", "padding_algorithm", "dilations"}) {
      if (const framework::Attr* attr = conv_desc.FindAttr(name)) fused.SetAttr(*attr);
    }
    fused.SetAttr("fuse_activation", AttrOr<std::string>(conv_desc, "fuse_activation", ""));
    fused.SetAttr("fuse_beta", AttrOr<float>(conv_desc, "fuse_beta", 0.0f));
    fused.SetAttr("depthwise_strides", dw_strides);
    fused.SetAttr("depthwise_paddings", AttrOr<std::vector<int>>(dw_desc, "paddings", {0, 0}));
    fused.SetAttr("depthwise_padding_algorithm",
                  AttrOr<std::string>(dw_desc, "padding_algorithm", "EXPLICIT"));
    fused.SetAttr("depthwise_dilations", AttrOr<std::vector<int>>(dw_desc, "dilations", {1, 1}));
    fused.SetAttr("depthwise_activation", AttrOr<std::string>(dw_desc, "fuse_activation", ""));
    fused.SetAttr("depthwise_beta", AttrOr<float>(dw_desc, "fuse_beta", 0.0f));
    CopyCommonAttrs(dw_desc, &fused);
    if (!CanFuse(*graph, {f})) return false;
    ApplyFusions(graph, {f});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(conv_depthwise_fuse_pass, ConvDepthwiseFusePass);

}  // namespace ir
}  // namespace paddle
