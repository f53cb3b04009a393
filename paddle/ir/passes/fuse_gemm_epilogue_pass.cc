// fuse_gemm_epilogue_pass (training and inference): matmul_v2 / mul with a 2-D weight and no
// transposes, then elementwise_add of a 1-D bias, optionally then relu or gelu (tanh
// approximation: the epilogue's GELU), becomes fused_gemm_epilogue. In a training program the
// backward chain ([act_grad,] elementwise_add_grad, matmul_v2_grad / mul_grad) becomes
// fused_gemm_epilogue_grad writing the same gradient variables. For gelu the pre-activation
// variable stays, as the fused op's ReserveSpace, for the grad.
#include "paddle/framework/backward.h"
#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

class FuseGemmEpiloguePass : public Pass {
 public:
  std::string Name() const override { return "fuse_gemm_epilogue_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* add) { return TryAt(graph, add); });
  }

 private:
  // One fusion anchored at `add` (an elementwise_add), if it matches.
  static bool TryAt(Graph* graph, Node* add) {
    LinearMatch m;
    if (!MatchLinear(*graph, add, &m)) return false;
    // fused_gemm_epilogue flattens all of X's leading dims: mul must do the same.
    if (m.in_num_col_dims != m.x_rank - 1) return false;
    if (Node* act = FindActivation(*graph, m.out); act != nullptr && TryFuse(graph, m, act))
      return true;
    if (TryFuse(graph, m, nullptr)) return true;
    return false;
  }

  // The forward relu / gelu(approximate) reading the add's output, if it is the only forward
  // reader (a gelu_grad may read it too).
  static Node* FindActivation(const Graph& graph, const std::string& sum) {
    Node* found = nullptr;
    for (Node* reader : graph.VarNode(sum)->outputs) {
      const framework::OpDesc& op = *reader->Op();
      if (op.Type() == "gelu_grad") continue;
      if (found != nullptr || SingleInput(op, "X") != sum) return nullptr;
      if (op.Type() == "relu" || (op.Type() == "gelu" && AttrOr<bool>(op, "approximate", false)))
        found = reader;
      else
        return nullptr;
    }
    return found;
  }

  static bool TryFuse(Graph* graph, const LinearMatch& m, Node* act) {
    const std::string act_type = act != nullptr ? act->Op()->Type() : "none";
    const std::string out = act != nullptr ? SingleOutput(*act->Op(), "Out") : m.out;
    if (out.empty()) return false;
    Fusion forward;
    forward.ops = {m.matmul, m.add};
    if (act != nullptr) forward.ops.push_back(act);
    framework::OpDesc& fwd = forward.fused;
    fwd.SetType("fused_gemm_epilogue");
    fwd.SetInput("X", {m.x});
    fwd.SetInput("Y", {m.w});
    fwd.SetInput("Bias", {m.bias});
    fwd.SetOutput("Out", {out});
    fwd.SetAttr("trans_x", false);
    fwd.SetAttr("trans_y", false);
    fwd.SetAttr("activation", act_type);
    CopyCommonAttrs(*m.matmul->Op(), &fwd);

    // Training: elementwise_add_grad reads h (for its meta) and takes the bias gradient.
    const std::vector<Node*> add_grads = ReadersVia(*graph, m.h, "elementwise_add_grad", "X");
    if (add_grads.empty()) {
      if (!CanFuse(*graph, {forward})) return false;
      ApplyFusions(graph, {forward});
      return true;
    }
    if (add_grads.size() != 1) return false;
    Node* add_grad = add_grads[0];
    const framework::OpDesc& add_grad_desc = *add_grad->Op();
    const std::string sum_grad = SingleInput(add_grad_desc, "Out@GRAD");
    if (sum_grad.empty() || SingleInput(add_grad_desc, "Y") != m.bias ||
        AttrOr<int>(add_grad_desc, "axis", -1) != AttrOr<int>(*m.add->Op(), "axis", -1))
      return false;
    Fusion backward;
    std::string out_grad = sum_grad;
    if (act != nullptr) {
      // relu_grad reads the activation's output, gelu_grad its input.
      const std::vector<Node*> act_grads = act_type == "relu"
                                               ? ReadersVia(*graph, out, "relu_grad", "Out")
                                               : ReadersVia(*graph, m.out, "gelu_grad", "X");
      if (act_grads.size() != 1) return false;
      Node* act_grad = act_grads[0];
      if (SingleOutput(*act_grad->Op(), "X@GRAD") != sum_grad) return false;
      if (act_type == "gelu" && !AttrOr<bool>(*act_grad->Op(), "approximate", false)) return false;
      out_grad = SingleInput(*act_grad->Op(), "Out@GRAD");
      if (out_grad.empty()) return false;
      backward.ops.push_back(act_grad);
    }
    const std::string h_grad = SingleOutput(add_grad_desc, "X@GRAD");
    Node* matmul_grad = SoleReader(graph->VarNode(h_grad));
    if (h_grad.empty() || matmul_grad == nullptr) return false;
    const framework::OpDesc& mm_grad = *matmul_grad->Op();
    const framework::OpDesc& mm = *m.matmul->Op();
    if (mm_grad.Type() != mm.Type() + "_grad" || SingleInput(mm_grad, "X") != m.x ||
        SingleInput(mm_grad, "Y") != m.w || SingleInput(mm_grad, "Out@GRAD") != h_grad)
      return false;
    for (const char* attr : {"trans_x", "trans_y"})
      if (AttrOr<bool>(mm_grad, attr, false)) return false;
    if (mm.Type() == "mul" && (AttrOr<int>(mm_grad, "x_num_col_dims", 1) != m.in_num_col_dims ||
                               AttrOr<int>(mm_grad, "y_num_col_dims", 1) != 1))
      return false;
    backward.ops.push_back(add_grad);
    backward.ops.push_back(matmul_grad);

    framework::OpDesc& bwd = backward.fused;
    bwd.SetType("fused_gemm_epilogue_grad");
    bwd.SetInput("X", {m.x});
    bwd.SetInput("Y", {m.w});
    if (act_type == "relu") bwd.SetInput("Out", {out});
    if (act_type == "gelu") {
      fwd.SetOutput("ReserveSpace", {m.out});  // the pre-activation, which gelu_grad read
      bwd.SetInput("ReserveSpace", {m.out});
    }
    bwd.SetInput("Out@GRAD", {out_grad});
    if (mm_grad.HasOutput("X@GRAD")) bwd.SetOutput("X@GRAD", mm_grad.Output("X@GRAD"));
    if (mm_grad.HasOutput("Y@GRAD")) bwd.SetOutput("Y@GRAD", mm_grad.Output("Y@GRAD"));
    if (add_grad_desc.HasOutput("Y@GRAD"))
      bwd.SetOutput("Bias@GRAD", add_grad_desc.Output("Y@GRAD"));
    bwd.SetAttr("trans_x", false);
    bwd.SetAttr("trans_y", false);
    bwd.SetAttr("activation_grad", act != nullptr ? act_type + "_grad" : std::string("none"));
    CopyCommonAttrs(add_grad_desc, &bwd);
    if (!CanFuse(*graph, {forward, backward})) return false;
    ApplyFusions(graph, {forward, backward});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(fuse_gemm_epilogue_pass, FuseGemmEpiloguePass);

}  // namespace ir
}  // namespace paddle
