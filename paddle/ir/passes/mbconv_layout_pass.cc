// mbconv_layout_pass (inference, after mbconv_fuse_pass): consecutive fused_mbconv blocks hand
// each other NHWC activations. Where a block's kernel computes pixel-major (channels innermost:
// phi::funcs::MbconvPixelMajorApplies, on the shapes the program declares), NCHW costs it a
// transposition on each side: its expansion reads the input's planes transposed (a 1x1 one),
// its projection goes back to NCHW through 8 x 8 transposes. A float activation that one such block
// writes and that only such blocks read, as their Input (and, with a residual, as their
// ResidualData too), is kept NHWC instead: the writer's output_format and its readers' data_format
// become NHWC and the variable's declared shape [N, C, H, W] becomes [N, H, W, C]. A block with a
// residual reads it in its input's layout, so it writes NHWC only where its input is NHWC.
// Variables that are fed, fetched, persistable or used in sub-blocks keep NCHW, as do blocks whose
// shapes are not all known. The kernel computes the same bits in either layout (and takes any
// layout, through NCHW copies where it does not run pixel-major), so the pass changes no result.
#include <map>
#include <string>
#include <vector>

#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"
#include "paddle/phi/infermeta/fused.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/conv_then_depthwise.h"
#include "paddle/phi/kernels/funcs/conv_util.h"

namespace paddle {
namespace ir {

namespace {

constexpr char kNhwc[] = "NHWC";

std::string FormatOf(const framework::OpDesc& op, const char* attr) {
  return AttrOr<std::string>(op, attr, "NCHW");
}

// The declared NCHW shape of `op`'s Input, or empty where it is not 4-D with known C, H, W.
std::vector<int64_t> InputNchw(const Graph& graph, const framework::OpDesc& op) {
  const std::vector<int64_t> declared = DeclaredShape(graph.VarNode(SingleInput(op, "Input")));
  if (declared.size() != 4) return {};
  const phi::DDim d = phi::make_ddim(declared);
  const phi::DDim nchw = FormatOf(op, "data_format") == kNhwc ? phi::PermuteNchwDims(d, false) : d;
  for (int i = 1; i < 4; ++i)
    if (nchw[i] <= 0) return {};
  return {nchw[0], nchw[1], nchw[2], nchw[3]};
}

// Whether the kernel runs this fused_mbconv pixel-major, on its declared shapes.
bool RunsPixelMajor(const Graph& graph, const framework::OpDesc& op) {
  std::vector<int64_t> in = InputNchw(graph, op);
  const std::string expand_name = SingleInput(op, "ExpandFilter");
  const std::vector<int64_t> expand = DeclaredShape(graph.VarNode(expand_name));
  const std::vector<int64_t> dw = DeclaredShape(graph.VarNode(SingleInput(op, "DepthwiseFilter")));
  if (in.empty() || expand_name.empty() || expand.size() != 4 || dw.size() != 4 || dw[0] <= 0) {
    return false;
  }
  in[0] = 1;  // (the batch does not matter)
  const std::vector<int> unit = {1, 1};
  try {
    const phi::ConvGeometry ge = phi::ComputeConvGeometry(
        phi::make_ddim(in), phi::make_ddim(expand),
        AttrOr<std::vector<int>>(op, "expand_strides", unit),
        AttrOr<std::vector<int>>(op, "expand_paddings", {0, 0}), "EXPLICIT", unit, 1, "NCHW");
    const phi::ConvGeometry g = phi::ComputeConvGeometry(
        ge.out_dims, phi::make_ddim(dw), AttrOr<std::vector<int>>(op, "strides", unit),
        AttrOr<std::vector<int>>(op, "paddings", {0, 0}),
        AttrOr<std::string>(op, "padding_algorithm", "EXPLICIT"),
        AttrOr<std::vector<int>>(op, "dilations", unit), static_cast<int>(dw[0]), "NCHW");
    const phi::funcs::ConvPlane expand_plane = phi::funcs::MakeConvPlane(ge);
    return g.out_channels == g.in_channels &&
           phi::funcs::MbconvPixelMajorApplies(&expand_plane, in[1], phi::funcs::MakeConvPlane(g),
                                               g.in_channels, !op.Input("SqueezeFilter").empty());
  } catch (const std::exception&) {
    return false;  // shapes the kernel rejects: the executor reports them
  }
}

class MbconvLayoutPass : public Pass {
 public:
  std::string Name() const override { return "mbconv_layout_pass"; }

  bool Apply(Graph* graph) override {
    // Decided on the shapes as declared before any change, in program order (a block's input
    // layout is settled before its output's).
    std::map<const Node*, bool> pixel_major;
    for (Node* op : graph->Ops(0)) {
      if (op->Op()->Type() == "fused_mbconv") pixel_major[op] = RunsPixelMajor(*graph, *op->Op());
    }
    bool changed = false;
    for (Node* op : graph->Ops(0)) {
      const auto it = pixel_major.find(op);
      if (it == pixel_major.end() || !it->second) continue;
      framework::OpDesc& desc = *op->Op();
      if (FormatOf(desc, "output_format") == kNhwc) continue;
      if (!desc.Input("ResidualData").empty() && FormatOf(desc, "data_format") != kNhwc) continue;
      const std::string name = SingleOutput(desc, "Output");
      Node* var = graph->VarNode(name);
      if (!HandsOnNhwc(*graph, var, pixel_major)) continue;
      desc.SetAttr("output_format", std::string(kNhwc));
      for (Node* reader : var->outputs) {
        reader->Op()->SetAttr("data_format", std::string(kNhwc));
      }
      const std::vector<int64_t> s = var->Var()->GetShape();
      var->Var()->SetShape({s[0], s[2], s[3], s[1]});
      changed = true;
    }
    return changed;
  }

 private:
  // Whether `var` (a block's Output) may be NHWC: a float temporary of 4 dims, read only by
  // fused_mbconv blocks that run pixel-major with a 1x1 expansion, each as its Input and nowhere
  // else but its ResidualData.
  static bool HandsOnNhwc(const Graph& graph, const Node* var,
                          const std::map<const Node*, bool>& pixel_major) {
    if (!IsTemporary(graph, var) || UsedInSubBlocks(graph, var->Name()) ||
        var->inputs.size() != 1 || var->outputs.empty() || var->Var()->GetShape().size() != 4 ||
        var->Var()->GetDataType() != framework::proto::VarType::FP32) {
      return false;
    }
    for (const Node* reader : var->outputs) {
      const auto it = pixel_major.find(reader);
      if (it == pixel_major.end() || !it->second) return false;
      const framework::OpDesc& r = *reader->Op();
      if (SingleInput(r, "Input") != var->Name()) return false;
      // (A stem reads its image in NCHW only.)
      const std::vector<int64_t> expand =
          DeclaredShape(graph.VarNode(SingleInput(r, "ExpandFilter")));
      if (expand.size() != 4 || expand[2] != 1 || expand[3] != 1) return false;
      for (const auto& [slot, args] : r.Inputs()) {
        if (slot == "Input" || slot == "ResidualData") continue;
        for (const std::string& arg : args)
          if (arg == var->Name()) return false;
      }
      const std::vector<std::string> residual = r.Input("ResidualData");
      if (!residual.empty() && residual != std::vector<std::string>{var->Name()}) return false;
    }
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(mbconv_layout_pass, MbconvLayoutPass);

}  // namespace ir
}  // namespace paddle
