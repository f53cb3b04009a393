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
#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

void CopyInputIfAny(const framework::OpDesc& from, const std::string& slot, framework::OpDesc* to,
                    const std::string& to_slot) {
  const std::string name = SingleInput(from, slot);
  if (!name.empty()) to->SetInput(to_slot, {name});
}

class MbconvFusePass : public Pass {
 public:
  std::string Name() const override { return "mbconv_fuse_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* op) { return TryFuse(graph, op); });
  }

 private:
  // `project` as the block's last convolution.
  static bool TryFuse(Graph* graph, Node* project) {
    std::vector<int64_t> project_shape, dw_shape, expand_shape;
    if (!FusedConvNchw(*graph, project, true, &project_shape) ||
        !IsPointwiseConv(*project->Op(), project_shape))
      return false;
    const int64_t hidden = project_shape[1];
    const Node* dw_var = graph->VarNode(SingleInput(*project->Op(), "Input"));
    Node* dw = dw_var != nullptr ? SoleWriter(dw_var) : nullptr;
    if (!FusedConvNchw(*graph, dw, false, &dw_shape) || dw_shape[0] != hidden || dw_shape[1] != 1 ||
        AttrOr<int>(*dw->Op(), "groups", 1) != hidden)
      return false;
    const Node* hidden_var = graph->VarNode(SingleInput(*dw->Op(), "Input"));
    Node* expand = hidden_var != nullptr ? SoleWriter(hidden_var) : nullptr;
    if (!FusedConvNchw(*graph, expand, false, &expand_shape) || expand_shape[0] != hidden ||
        !(IsPointwiseConv(*expand->Op(), expand_shape) || IsStemConv(*expand->Op(), expand_shape)))
      expand = nullptr;
    return Fuse(graph, expand, dw, project) ||
           (expand != nullptr && Fuse(graph, nullptr, dw, project));
  }

  static bool Fuse(Graph* graph, Node* expand, Node* dw, Node* project) {
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
