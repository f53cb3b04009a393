// conv_layout_pass (inference, after the conv fusions): 1x1 fused_conv2d layers hand each other
// NHWC activations, as between ResNet's bottleneck blocks. fused_conv2d's float kernel computes a
// 1x1 layer (one group, no padding) with Input or Output NHWC as one GEMM of the pixels by the
// frozen filter, the NHWC side read or written where it lies (funcs::PointwisePixelMajorApplies);
// with both NCHW the GEMM packs Input's planes first (the layers that reduce channels, at 6-20% of
// their time). So a float activation that such a layer writes and that only such layers read, as
// their Input or ResidualData, is kept NHWC: the writer's output_format and its readers'
// data_format become NHWC and the variable's declared shape [N, C, H, W] becomes [N, H, W, C]. A
// layer reads its residual in its output's layout, so its output and residual are NHWC together
// or not at all; a layer of few input channels writes NHWC only from NHWC. A bottleneck block then
// reads its NHWC input in its first 1x1 layer (writing NCHW for the 3x3 one) and its shortcut, and
// its last 1x1 layer writes NHWC from the 3x3 layer's NCHW output, its residual NHWC too. Variables
// that are fed, fetched, persistable or used in sub-blocks keep NCHW, as do layers whose shapes are
// not all known. The kernel computes the NCHW program's bits in any layout, so the pass changes no
// result.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"
#include "paddle/phi/infermeta/nn.h"
#include "paddle/phi/kernels/funcs/conv_then_depthwise.h"

namespace paddle {
namespace ir {

namespace {

constexpr char kNhwc[] = "NHWC";
constexpr char kNchw[] = "NCHW";

// A layer reading NCHW and writing NHWC reads its input's planes transposed as the GEMM's A: with
// fewer input channels than this it is not known to run faster than in NCHW, so it writes NCHW.
// Since the GEMM adds an NHWC residual in its tiles (GemmColumnStage), ResNet-50's three 64 ->
// 256 layers at 56 x 56 with their residual take 6.7-6.9 ms NCHW -> NHWC against 8.1-8.4 NCHW, and
// the layers reading their outputs gain too (the network 1.0-1.7% faster in operators; batch 2,
// 1 thread, conv_bench.py --layers resnet50). (Before that, with the residual added after the
// GEMM, 128 was the measured threshold.)
constexpr int64_t kNchwToNhwcMinChannels = 64;

// A 1x1 fused_conv2d that may read or write NHWC: its variables, and whether it may write NHWC
// from NCHW.
struct Layer {
  Node* input = nullptr;
  Node* output = nullptr;
  Node* residual = nullptr;  // null without one
  bool from_nchw = false;
};

// The layer `op` is where the kernel would run it pixel-major from NHWC Input (on its declared
// shapes, one image): an NCHW fused_conv2d not yet given another output layout, float, 1x1.
bool AsLayer(const Graph& graph, Node* op, Layer* layer) {
  const framework::OpDesc& desc = *op->Op();
  if (desc.Type() != "fused_conv2d") return false;
  const std::string format = AttrOr<std::string>(desc, "data_format", kNchw);
  const std::string out_format = AttrOr<std::string>(desc, "output_format", "");
  if ((format != kNchw && format != "AnyLayout") || (!out_format.empty() && out_format != kNchw)) {
    return false;
  }
  const std::string input = SingleInput(desc, "Input"), output = SingleOutput(desc, "Output");
  const std::string residual = SingleInput(desc, "ResidualData");
  if (input.empty() || output.empty() || (residual.empty() != desc.Input("ResidualData").empty())) {
    return false;
  }
  std::vector<int64_t> in = DeclaredShape(graph.VarNode(input));
  const std::vector<int64_t> filter = DeclaredShape(graph.VarNode(SingleInput(desc, "Filter")));
  if (in.size() != 4 || filter.size() != 4 || filter[0] <= 0 ||
      graph.VarNode(output)->Var()->GetDataType() != framework::proto::VarType::FP32) {
    return false;
  }
  for (int i = 1; i < 4; ++i) {
    if (in[i] <= 0) return false;
  }
  in[0] = 1;  // (the batch does not matter)
  const std::vector<int> unit = {1, 1};
  try {
    phi::ConvGeometry g = phi::ComputeConvGeometry(
        phi::make_ddim(in), phi::make_ddim(filter), AttrOr<std::vector<int>>(desc, "strides", unit),
        AttrOr<std::vector<int>>(desc, "paddings", {0, 0}),
        AttrOr<std::string>(desc, "padding_algorithm", "EXPLICIT"),
        AttrOr<std::vector<int>>(desc, "dilations", unit), AttrOr<int>(desc, "groups", 1), kNchw);
    g.channels_last = true;
    if (!phi::funcs::PointwisePixelMajorApplies(g, true)) return false;
    layer->from_nchw = g.in_channels >= kNchwToNhwcMinChannels;
  } catch (const std::exception&) {
    return false;  // shapes the kernel rejects: the executor reports them
  }
  layer->input = graph.VarNode(input);
  layer->output = graph.VarNode(output);
  layer->residual = residual.empty() ? nullptr : graph.VarNode(residual);
  return true;
}

class ConvLayoutPass : public Pass {
 public:
  std::string Name() const override { return "conv_layout_pass"; }

  bool Apply(Graph* graph) override {
    std::map<Node*, Layer> layers;
    for (Node* op : graph->Ops(0)) {
      Layer layer;
      if (AsLayer(*graph, op, &layer)) layers[op] = layer;
    }
    // The activations that may be NHWC, then those the layers' constraints leave.
    std::set<const Node*> nhwc;
    for (const auto& [op, layer] : layers) {
      if (MayBeNhwc(*graph, layer.output, layers)) nhwc.insert(layer.output);
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto& [op, layer] : layers) {
        const bool out = nhwc.count(layer.output) > 0;
        const bool res = layer.residual == nullptr ? out : nhwc.count(layer.residual) > 0;
        if (out != res) {  // a residual is read in the output's layout
          nhwc.erase(layer.output);
          nhwc.erase(layer.residual);
          changed = true;
        } else if (out && !layer.from_nchw && nhwc.count(layer.input) == 0) {
          nhwc.erase(layer.output);  // (see Layer)
          changed = true;
        }
      }
    }
    if (nhwc.empty()) return false;
    for (const auto& [op, layer] : layers) {
      const bool in = nhwc.count(layer.input) > 0, out = nhwc.count(layer.output) > 0;
      if (!in && !out) continue;
      op->Op()->SetAttr("data_format", std::string(in ? kNhwc : kNchw));
      op->Op()->SetAttr("output_format", std::string(out ? kNhwc : kNchw));
    }
    for (const Node* var : nhwc) {
      const std::vector<int64_t> s = var->Var()->GetShape();
      var->Var()->SetShape({s[0], s[2], s[3], s[1]});
    }
    return true;
  }

 private:
  // Whether `var` (a layer's Output) may be NHWC: a float temporary of 4 dims, read only by layers,
  // each as its Input or ResidualData.
  static bool MayBeNhwc(const Graph& graph, const Node* var, const std::map<Node*, Layer>& layers) {
    if (!IsTemporary(graph, var) || UsedInSubBlocks(graph, var->Name()) ||
        var->inputs.size() != 1 || var->outputs.empty() || var->Var()->GetShape().size() != 4) {
      return false;
    }
    for (Node* reader : var->outputs) {
      if (layers.count(reader) == 0) return false;
      for (const auto& [slot, args] : reader->Op()->Inputs()) {
        if (slot == "Input" || slot == "ResidualData") continue;
        for (const std::string& arg : args) {
          if (arg == var->Name()) return false;
        }
      }
    }
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(conv_layout_pass, ConvLayoutPass);

}  // namespace ir
}  // namespace paddle
