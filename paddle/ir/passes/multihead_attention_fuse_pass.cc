// multihead_attention_fuse_pass (inference, CPU): the attention core of a transformer layer as
// PaddlePaddle's nn.MultiHeadAttention and hand-written static BERTs save it,
//
//   Qh = transpose2(reshape2(Q, [0, 0, H, D]), [0, 2, 1, 3])    (K -> Kh, V -> Vh alike)
//   S  = matmul_v2(scale(Qh, alpha), Kh, trans_y)  or  scale(matmul_v2(Qh, Kh, trans_y), alpha)
//   P  = softmax(S [+ Mask], axis -1)
//   Out = reshape2(transpose2(matmul_v2(P, Vh), [0, 2, 1, 3]), [0, 0, H * Dv])
//
// (either scale absent: alpha 1; the scales' bias 0), becomes one fused_multihead_attention
// reading Q, K and V [B, S, H * D] in place: the four transposes, four reshapes, two matmuls,
// the scale and the softmax go. Ours (PaddlePaddle fuses the same chain on its GPU and oneDNN
// paths into ops of its own). The intermediates must be temporaries only the chain reads. The
// fused op sums in another order than the two batched GEMMs: the outputs agree to rounding.
#include <vector>

#include "paddle/ir/pass.h"
#include "paddle/ir/passes/fusion_util.h"
#include "paddle/ir/passes/pass_util.h"

namespace paddle {
namespace ir {

namespace {

using framework::OpDesc;

// The op of type `type` writing variable `name` alone, else nullptr.
Node* WriterOf(const Graph& graph, const std::string& name, const std::string& type) {
  if (name.empty()) return nullptr;
  Node* var = graph.VarNode(name);
  Node* op = var != nullptr ? SoleWriter(var) : nullptr;
  return op != nullptr && op->Op()->Type() == type ? op : nullptr;
}

bool IsHeadTranspose(const OpDesc& op) {
  return AttrOr<std::vector<int>>(op, "axis", {}) == std::vector<int>{0, 2, 1, 3};
}

// A reshape2 by its shape attribute alone (no Shape / ShapeTensor input giving it).
bool ReshapeByAttr(const OpDesc& op) { return !AttrFedByTensor(op, "shape"); }

// Variable `heads` = transpose2(reshape2(x, [0, 0, H, D]), [0, 2, 1, 3]) with x 3-D: x's name,
// H and D; the two ops appended to *ops.
bool MatchSplitHeads(const Graph& graph, const std::string& heads, std::string* x, int* h, int* d,
                     std::vector<Node*>* ops) {
  Node* transpose = WriterOf(graph, heads, "transpose2");
  if (transpose == nullptr || !IsHeadTranspose(*transpose->Op())) return false;
  Node* reshape = WriterOf(graph, SingleInput(*transpose->Op(), "X"), "reshape2");
  if (reshape == nullptr || !ReshapeByAttr(*reshape->Op())) return false;
  const std::vector<int> shape = AttrOr<std::vector<int>>(*reshape->Op(), "shape", {});
  if (shape.size() != 4 || shape[0] != 0 || shape[1] != 0 || shape[2] <= 0 || shape[3] <= 0)
    return false;
  *x = SingleInput(*reshape->Op(), "X");
  if (x->empty()) return false;
  const std::vector<int64_t> dims = DeclaredShape(graph.VarNode(*x));
  if (dims.size() != 3 || (dims[2] >= 0 && dims[2] != int64_t{shape[2]} * shape[3])) return false;
  *h = shape[2];
  *d = shape[3];
  ops->push_back(reshape);
  ops->push_back(transpose);
  return true;
}

// A scale by `alpha` without bias.
bool PlainScale(const OpDesc& op, float* alpha) {
  if (AttrOr<float>(op, "bias", 0.0f) != 0.0f) return false;
  if (AttrFedByTensor(op, "scale")) return false;
  *alpha = AttrOr<float>(op, "scale", 1.0f);
  return true;
}

class MultiheadAttentionFusePass : public Pass {
 public:
  std::string Name() const override { return "multihead_attention_fuse_pass"; }

  bool Apply(Graph* graph) override {
    return FuseUntilNoneLeft(graph, [graph](Node* op) { return TryAt(graph, op); });
  }

 private:
  // One fusion anchored at `softmax`, if the chain around it matches.
  static bool TryAt(Graph* graph, Node* softmax) {
    const OpDesc& sm = *softmax->Op();
    if (sm.Type() != "softmax") return false;
    const int axis = AttrOr<int>(sm, "axis", -1);
    if (axis != -1 && axis != 3) return false;
    Fusion f;
    f.ops.push_back(softmax);
    // Upstream: [elementwise_add mask] <- [scale] <- matmul_v2(trans_y) <- [scale] <- heads.
    std::string scores = SingleInput(sm, "X");
    std::string mask;
    if (Node* add = WriterOf(*graph, scores, "elementwise_add")) {
      const OpDesc& a = *add->Op();
      const int add_axis = AttrOr<int>(a, "axis", -1);
      if (add_axis != -1 && add_axis != 0) return false;
      mask = SingleInput(a, "Y");
      const std::vector<int64_t> mask_dims = DeclaredShape(graph->VarNode(mask));
      if (mask.empty() || mask_dims.empty() || mask_dims.size() > 4) return false;
      if (add_axis == 0 && mask_dims.size() != 4) return false;  // axis 0 aligns from the left
      scores = SingleInput(a, "X");
      f.ops.push_back(add);
    }
    float alpha = 1.0f;
    bool scale_q = false, scaled_scores = false;
    if (Node* scale = WriterOf(*graph, scores, "scale")) {
      if (!PlainScale(*scale->Op(), &alpha)) return false;
      scaled_scores = true;
      scores = SingleInput(*scale->Op(), "X");
      f.ops.push_back(scale);
    }
    Node* qk = WriterOf(*graph, scores, "matmul_v2");
    if (qk == nullptr || AttrOr<bool>(*qk->Op(), "trans_x", false) ||
        !AttrOr<bool>(*qk->Op(), "trans_y", false))
      return false;
    f.ops.push_back(qk);
    std::string q_heads = SingleInput(*qk->Op(), "X");
    if (Node* scale = WriterOf(*graph, q_heads, "scale")) {
      if (scaled_scores || !PlainScale(*scale->Op(), &alpha)) return false;  // one scale only
      scale_q = true;
      q_heads = SingleInput(*scale->Op(), "X");
      f.ops.push_back(scale);
    }
    std::string q, k, v;
    int hq = 0, dq = 0, hk = 0, dk = 0, hv = 0, dv = 0;
    if (!MatchSplitHeads(*graph, q_heads, &q, &hq, &dq, &f.ops) ||
        !MatchSplitHeads(*graph, SingleInput(*qk->Op(), "Y"), &k, &hk, &dk, &f.ops))
      return false;
    // Downstream: matmul_v2(P, Vh) -> transpose2 -> reshape2 [0, 0, H * Dv].
    Node* pv = SoleReader(graph->VarNode(SingleOutput(sm, "Out")));
    if (pv == nullptr || pv->Op()->Type() != "matmul_v2" ||
        SingleInput(*pv->Op(), "X") != SingleOutput(sm, "Out") ||
        AttrOr<bool>(*pv->Op(), "trans_x", false) || AttrOr<bool>(*pv->Op(), "trans_y", false))
      return false;
    f.ops.push_back(pv);
    if (!MatchSplitHeads(*graph, SingleInput(*pv->Op(), "Y"), &v, &hv, &dv, &f.ops)) return false;
    if (hq != hk || hq != hv || dq != dk) return false;
    Node* merge_t = SoleReader(graph->VarNode(SingleOutput(*pv->Op(), "Out")));
    if (merge_t == nullptr || merge_t->Op()->Type() != "transpose2" ||
        !IsHeadTranspose(*merge_t->Op()))
      return false;
    f.ops.push_back(merge_t);
    Node* merge_r = SoleReader(graph->VarNode(SingleOutput(*merge_t->Op(), "Out")));
    if (merge_r == nullptr || merge_r->Op()->Type() != "reshape2" ||
        !ReshapeByAttr(*merge_r->Op()) ||
        AttrOr<std::vector<int>>(*merge_r->Op(), "shape", {}) != std::vector<int>{0, 0, hv * dv})
      return false;
    f.ops.push_back(merge_r);
    const std::string out = SingleOutput(*merge_r->Op(), "Out");
    if (out.empty()) return false;

    OpDesc& fused = f.fused;
    fused.SetType("fused_multihead_attention");
    fused.SetInput("Q", {q});
    fused.SetInput("K", {k});
    fused.SetInput("V", {v});
    if (!mask.empty()) fused.SetInput("Mask", {mask});
    fused.SetOutput("Out", {out});
    fused.SetAttr("head_number", hq);
    fused.SetAttr("alpha", alpha);
    fused.SetAttr("scale_q", scale_q);
    CopyCommonAttrs(*qk->Op(), &fused);
    if (!CanFuse(*graph, {f})) return false;
    ApplyFusions(graph, {f});
    return true;
  }
};

}  // namespace

PD_REGISTER_PASS(multihead_attention_fuse_pass, MultiheadAttentionFusePass);

}  // namespace ir
}  // namespace paddle
