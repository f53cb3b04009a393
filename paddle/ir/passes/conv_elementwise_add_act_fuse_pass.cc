// conv_elementwise_add_act_fuse_pass (inference): conv2d / depthwise_conv2d (NCHW), then
// optionally elementwise_add of a per-channel parameter bias (1-D with axis 1, or reshaped to
// [1, C, 1, 1]), then optionally elementwise_add of
// a residual tensor of the same shape, then optionally relu / relu6 / hard_swish, become one
// fused_conv2d (PaddlePaddle's CPU fused op) whose epilogue does the adds and the activation while
// the convolution's output is still in cache: one pass over the activation instead of up to four.
// Every intermediate must be a temporary read only by the next op of the chain. Runs after
// conv_bn_fuse_pass, which leaves exactly conv2d + elementwise_add of the folded bias.
#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

// The op reading `var` and nothing else reading it, if `var` is a temporary written only by
// `writer` and named in no sub-block; else nullptr.
Node* PrivateReader(const Graph& graph, const std::string& var, Node* writer) {
  if (var.empty()) return nullptr;
  const Node* node = graph.VarNode(var);
  if (node == nullptr || !IsTemporary(graph, node) || SoleWriter(node) != writer ||
      UsedInSubBlocks(graph, var))
    return nullptr;
  return SoleReader(node);
}

// The 1-D [channels] parameter that elementwise_add(conv_out, y, axis) adds per channel: y
// itself (axis 1), or the parameter y reshapes to [1, channels, 1, 1] (axis -1), as
// PaddlePaddle 2.x exports Conv2D's bias. The reshape2 stays for any other reader (dead-code
// elimination removes it otherwise). "" when y is neither.
std::string ChannelBias(const Graph& graph, const std::string& y, int axis, int64_t channels) {
  const Node* node = graph.VarNode(y);
  if (node == nullptr) return "";
  if (axis == 1) {
    return IsPersistable(node) && DeclaredShape(node) == std::vector<int64_t>{channels} ? y : "";
  }
  const Node* reshape = SoleWriter(node);
  if (axis != -1 || reshape == nullptr || reshape->Op()->Type() != "reshape2" ||
      DeclaredShape(node) != std::vector<int64_t>{1, channels, 1, 1})
    return "";
  const std::string param = SingleInput(*reshape->Op(), "X");
  const Node* param_node = graph.VarNode(param);
  return param_node != nullptr && IsPersistable(param_node) &&
                 DeclaredShape(param_node) == std::vector<int64_t>{channels}
             ? param
             : "";
}

class ConvElementwiseAddActFusePass : public Pass {
 public:
  std::string Name() const override { return "conv_elementwise_add_act_fuse_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* conv) { return TryFuse(graph, conv); });
  }

 private:
  static bool TryFuse(Graph* graph, Node* conv) {
    const framework::OpDesc& conv_desc = *conv->Op();
    if (conv_desc.Type() != "conv2d" && conv_desc.Type() != "depthwise_conv2d") return false;
    const std::string format = AttrOr<std::string>(conv_desc, "data_format", "NCHW");
    if (format != "NCHW" && format != "AnyLayout") return false;
    const std::string input = SingleInput(conv_desc, "Input");
    const std::string filter = SingleInput(conv_desc, "Filter");
    std::string out = SingleOutput(conv_desc, "Output");
    if (input.empty() || filter.empty() || out.empty()) return false;
    const std::vector<int64_t> filter_shape = DeclaredShape(graph->VarNode(filter));
    if (filter_shape.size() != 4 || filter_shape[0] <= 0) return false;

    Fusion f;
    f.ops.push_back(conv);
    std::string bias, residual, act;
    float threshold = 0.0f;
    Node* next = PrivateReader(*graph, out, conv);
    // conv -> elementwise_add(out, bias) along the channels
    if (next != nullptr && next->Op()->Type() == "elementwise_add" &&
        SingleInput(*next->Op(), "X") == out) {
      bias = ChannelBias(*graph, SingleInput(*next->Op(), "Y"),
                         AttrOr<int>(*next->Op(), "axis", -1), filter_shape[0]);
      if (!bias.empty()) {
        f.ops.push_back(next);
        out = SingleOutput(*next->Op(), "Out");
        next = PrivateReader(*graph, out, next);
      }
    }
    // -> elementwise_add with a tensor of the same declared shape (a residual connection)
    if (next != nullptr && next->Op()->Type() == "elementwise_add") {
      const std::string x = SingleInput(*next->Op(), "X");
      const std::string y = SingleInput(*next->Op(), "Y");
      const std::string other = x == out ? y : (y == out ? x : "");
      const std::vector<int64_t> shape = DeclaredShape(graph->VarNode(out));
      if (!other.empty() && other != out && shape.size() == 4 &&
          DeclaredShape(graph->VarNode(other)) == shape && !IsPersistable(graph->VarNode(other))) {
        residual = other;
        f.ops.push_back(next);
        out = SingleOutput(*next->Op(), "Out");
        next = PrivateReader(*graph, out, next);
      }
    }
    // -> relu / relu6 / hard_swish (with its default attributes, which the fused kernel uses)
    const std::string next_type = next != nullptr ? next->Op()->Type() : "";
    const bool default_hard_swish = next_type == "hard_swish" &&
                                    AttrOr<float>(*next->Op(), "threshold", 6.0f) == 6.0f &&
                                    AttrOr<float>(*next->Op(), "scale", 6.0f) == 6.0f &&
                                    AttrOr<float>(*next->Op(), "offset", 3.0f) == 3.0f;
    if ((next_type == "relu" || next_type == "relu6" || default_hard_swish) &&
        SingleInput(*next->Op(), "X") == out) {
      act = next->Op()->Type();
      if (act == "relu6") threshold = AttrOr<float>(*next->Op(), "threshold", 6.0f);
      f.ops.push_back(next);
      out = SingleOutput(*next->Op(), "Out");
    }
    if (f.ops.size() == 1 || out.empty()) return false;

    framework::OpDesc& fused = f.fused;
    fused.SetType("fused_conv2d");
    fused.SetInput("Input", {input});
    fused.SetInput("Filter", {filter});
    if (!bias.empty()) fused.SetInput("Bias", {bias});
    if (!residual.empty()) fused.SetInput("ResidualData", {residual});
    fused.SetOutput("Output", {out});
    for (const char* name :
         {"strides", "paddings", "padding_algorithm", "dilations", "groups", "data_format"}) {
      if (const framework::Attr* attr = conv_desc.FindAttr(name)) fused.SetAttr(*attr);
    }
    fused.SetAttr("fuse_activation", act);
    fused.SetAttr("fuse_alpha", 0.0f);
    fused.SetAttr("fuse_beta", threshold);
    fused.SetAttr("fuse_residual_connection", !residual.empty());
    CopyCommonAttrs(conv_desc, &fused);
    if (!CanFuse(*graph, {f})) return false;
    ApplyFusions(graph, {f});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(conv_elementwise_add_act_fuse_pass, ConvElementwiseAddActFusePass);

}  // namespace ir
}  // namespace paddle
