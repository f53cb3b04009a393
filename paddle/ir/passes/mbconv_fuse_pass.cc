// mbconv_fuse_pass (inference): a mobile inverted-bottleneck block as
// conv_elementwise_add_act_fuse_pass leaves it, [1x1 fused_conv2d (expand) ->] depthwise
// fused_conv2d -> 1x1 fused_conv2d (project, with or without a residual), becomes one
// fused_mbconv, whose float kernel computes the expanded and depthwise activations a band of
// rows at a time in cache instead of writing them whole to memory and reading them back. A
// network's stem (IsStemConv: MobileNetV2's 3x3 / 2 over the image) before a block without an
// expansion takes the expansion's place, so its output, the largest of the network, is never
// stored either. Every
// intermediate must be a temporary read only by the next convolution; where the expansion's
// output is read elsewhere, the depthwise and project convolutions still fuse. Runs after
// conv_elementwise_add_act_fuse_pass.
//
// A block with a squeeze-excitation gate between its depthwise and project convolutions (a
// MobileNetV3 block: the depthwise output, averaged per plane by pool2d, through two 1x1
// fused_conv2d and hard_sigmoid, multiplies the project convolution's input) becomes one
// fused_mbconv with the gate's ops inside too, where the expansion is a 1x1 convolution: the
// kernel keeps the depthwise output pixel-major between the gate and the projection. Runs before
// scaled_conv_fuse_pass, which takes the gates of the blocks left.
#include <algorithm>

#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

class MbconvFusePass : public Pass {
 public:
  std::string Name() const override { return "mbconv_fuse_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* op) { return TryFuse(graph, op); });
  }

 private:
  // A squeeze-excitation gate: pool2d (an average of each whole plane of the depthwise output),
  // a 1x1 fused_conv2d to fewer channels (squeeze), one back to `hidden` (excite), hard_sigmoid,
  // and the elementwise_mul by the gate that the project convolution reads.
  struct Gate {
    Node* pool = nullptr;
    Node* squeeze = nullptr;
    Node* excite = nullptr;
    Node* sigmoid = nullptr;
    Node* mul = nullptr;
  };

  // The gate whose elementwise_mul writes `var` (the project convolution's input), given the
  // depthwise output's name in *dw_name.
  static bool MatchGate(const Graph& graph, const Node* var, int64_t hidden, Gate* gate,
                        std::string* dw_name) {
    gate->mul = SoleWriter(var);
    std::string gate_name;
    if (!MatchChannelGate(graph, gate->mul, hidden, dw_name, &gate_name)) return false;
    gate->sigmoid = SoleWriter(graph.VarNode(gate_name));
    if (gate->sigmoid == nullptr || gate->sigmoid->Op()->Type() != "hard_sigmoid") return false;
    gate->excite = SoleWriter(graph.VarNode(SingleInput(*gate->sigmoid->Op(), "X")));
    std::vector<int64_t> excite_shape, squeeze_shape;
    if (!FusedConvNchw(graph, gate->excite, false, &excite_shape) ||
        !IsPointwiseConv(*gate->excite->Op(), excite_shape) || excite_shape[0] != hidden)
      return false;
    gate->squeeze = SoleWriter(graph.VarNode(SingleInput(*gate->excite->Op(), "Input")));
    if (!FusedConvNchw(graph, gate->squeeze, false, &squeeze_shape) ||
        !IsPointwiseConv(*gate->squeeze->Op(), squeeze_shape) ||
        squeeze_shape[0] != excite_shape[1] || squeeze_shape[1] != hidden)
      return false;
    gate->pool = SoleWriter(graph.VarNode(SingleInput(*gate->squeeze->Op(), "Input")));
    if (gate->pool == nullptr || gate->pool->Op()->Type() != "pool2d") return false;
    const framework::OpDesc& pool = *gate->pool->Op();
    const std::vector<int> ksize = AttrOr<std::vector<int>>(pool, "ksize", {});
    const std::vector<int> paddings = AttrOr<std::vector<int>>(pool, "paddings", {0, 0});
    const std::string layout = AttrOr<std::string>(pool, "data_format", "NCHW");
    const bool whole_plane =
        AttrOr<bool>(pool, "global_pooling", false) ||
        (AttrOr<bool>(pool, "adaptive", false) && ksize == std::vector<int>{1, 1});
    return SingleInput(pool, "X") == *dw_name &&
           AttrOr<std::string>(pool, "pooling_type", "") == "avg" && whole_plane &&
           std::all_of(paddings.begin(), paddings.end(), [](int p) { return p == 0; }) &&
           (layout == "NCHW" || layout == "AnyLayout");
  }

  // `project` as the block's last convolution.
  static bool TryFuse(Graph* graph, Node* project) {
    std::vector<int64_t> project_shape, dw_shape, expand_shape;
    if (!FusedConvNchw(*graph, project, true, &project_shape) ||
        !IsPointwiseConv(*project->Op(), project_shape))
      return false;
    const int64_t hidden = project_shape[1];
    const Node* in_var = graph->VarNode(SingleInput(*project->Op(), "Input"));
    Gate gate;
    std::string dw_name;
    const bool gated = MatchGate(*graph, in_var, hidden, &gate, &dw_name);
    const Node* dw_var = gated ? graph->VarNode(dw_name) : in_var;
    Node* dw = dw_var != nullptr ? SoleWriter(dw_var) : nullptr;
    if (!FusedConvNchw(*graph, dw, false, &dw_shape) || dw_shape[0] != hidden || dw_shape[1] != 1 ||
        AttrOr<int>(*dw->Op(), "groups", 1) != hidden)
      return false;
    const Node* hidden_var = graph->VarNode(SingleInput(*dw->Op(), "Input"));
    Node* expand = hidden_var != nullptr ? SoleWriter(hidden_var) : nullptr;
    if (!FusedConvNchw(*graph, expand, false, &expand_shape) || expand_shape[0] != hidden ||
        !(IsPointwiseConv(*expand->Op(), expand_shape) || IsStemConv(*expand->Op(), expand_shape)))
      expand = nullptr;
    if (gated) {  // only behind a 1x1 expansion (the kernel's pixel-major path)
      return expand != nullptr && IsPointwiseConv(*expand->Op(), expand_shape) &&
             Fuse(graph, expand, dw, project, &gate);
    }
    return Fuse(graph, expand, dw, project, nullptr) ||
           (expand != nullptr && Fuse(graph, nullptr, dw, project, nullptr));
  }

  static bool Fuse(Graph* graph, Node* expand, Node* dw, Node* project, const Gate* gate) {
    const framework::OpDesc& dw_desc = *dw->Op();
    const framework::OpDesc& project_desc = *project->Op();
    Fusion f;
    framework::OpDesc& fused = f.fused;
    fused.SetType("fused_mbconv");
    if (expand != nullptr) {
      const framework::OpDesc& e = *expand->Op();
      f.ops.push_back(expand);
      fused.SetInput("Input", {SingleInput(e, "Input")});
      fused.SetInput("ExpandFilter", {SingleInput(e, "Filter")});
      CopyInputIfAny(e, "Bias", &fused, "ExpandBias");
      fused.SetAttr("expand_strides", AttrOr<std::vector<int>>(e, "strides", {1, 1}));
      fused.SetAttr("expand_paddings", AttrOr<std::vector<int>>(e, "paddings", {0, 0}));
      fused.SetAttr("expand_activation", AttrOr<std::string>(e, "fuse_activation", ""));
      fused.SetAttr("expand_beta", AttrOr<float>(e, "fuse_beta", 0.0f));
    } else {
      fused.SetInput("Input", {SingleInput(dw_desc, "Input")});
      fused.SetAttr("expand_activation", std::string());
      fused.SetAttr("expand_beta", 0.0f);
    }
    f.ops.push_back(dw);
    if (gate != nullptr) {
      for (Node* op : {gate->pool, gate->squeeze, gate->excite, gate->sigmoid, gate->mul}) {
        f.ops.push_back(op);
      }
      const framework::OpDesc& squeeze = *gate->squeeze->Op();
      const framework::OpDesc& excite = *gate->excite->Op();
      fused.SetInput("SqueezeFilter", {SingleInput(squeeze, "Filter")});
      CopyInputIfAny(squeeze, "Bias", &fused, "SqueezeBias");
      fused.SetInput("ExciteFilter", {SingleInput(excite, "Filter")});
      CopyInputIfAny(excite, "Bias", &fused, "ExciteBias");
      fused.SetAttr("squeeze_activation", AttrOr<std::string>(squeeze, "fuse_activation", ""));
      fused.SetAttr("squeeze_beta", AttrOr<float>(squeeze, "fuse_beta", 0.0f));
      fused.SetAttr("excite_activation", AttrOr<std::string>(excite, "fuse_activation", ""));
      fused.SetAttr("excite_beta", AttrOr<float>(excite, "fuse_beta", 0.0f));
      fused.SetAttr("gate_slope", AttrOr<float>(*gate->sigmoid->Op(), "slope", 0.2f));
      fused.SetAttr("gate_offset", AttrOr<float>(*gate->sigmoid->Op(), "offset", 0.5f));
    }
    f.ops.push_back(project);
    fused.SetInput("DepthwiseFilter", {SingleInput(dw_desc, "Filter")});
    CopyInputIfAny(dw_desc, "Bias", &fused, "DepthwiseBias");
    fused.SetInput("ProjectFilter", {SingleInput(project_desc, "Filter")});
    CopyInputIfAny(project_desc, "Bias", &fused, "ProjectBias");
    CopyInputIfAny(project_desc, "ResidualData", &fused, "ResidualData");
    fused.SetOutput("Output", {SingleOutput(project_desc, "Output")});
    for (const char* name : {"strides", "paddings", "padding_algorithm", "dilations"}) {
      if (const framework::Attr* attr = dw_desc.FindAttr(name)) fused.SetAttr(*attr);
    }
    fused.SetAttr("depthwise_activation", AttrOr<std::string>(dw_desc, "fuse_activation", ""));
    fused.SetAttr("depthwise_beta", AttrOr<float>(dw_desc, "fuse_beta", 0.0f));
    fused.SetAttr("project_activation", AttrOr<std::string>(project_desc, "fuse_activation", ""));
    fused.SetAttr("project_beta", AttrOr<float>(project_desc, "fuse_beta", 0.0f));
    CopyCommonAttrs(project_desc, &fused);
    if (!CanFuse(*graph, {f})) return false;
    ApplyFusions(graph, {f});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(mbconv_fuse_pass, MbconvFusePass);

}  // namespace ir
}  // namespace paddle
