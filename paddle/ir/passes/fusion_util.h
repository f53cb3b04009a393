// Helpers shared by the fusion passes: finding the one producer or consumer of a variable,
// checking that a group of ops may be replaced by one fused op (its intermediates private to
// the group, nothing in between disturbed), and doing the replacement.
#pragma once

#include <set>
#include <functional>
#include <string>
#include <vector>

#include "paddle/framework/op_desc.h"
#include "paddle/ir/graph.h"

namespace paddle {
namespace ir {

// The only op writing `var` in its block; nullptr when none or several.
Node* SoleWriter(const Node* var);
// The only op reading `var`; nullptr when none or several.
Node* SoleReader(const Node* var);
// The ops of type `type` that read variable `name` (block 0) through input slot `slot`.
std::vector<Node*> ReadersVia(const Graph& graph, const std::string& name, const std::string& type,
                              const std::string& slot);

// The variable's declared shape, or empty when undeclared or not a tensor.
std::vector<int64_t> DeclaredShape(const Node* var);
// Whether `var` is a persistable variable (a parameter) of block 0.
bool IsPersistable(const Node* var);
// Whether some op of a sub-block (block > 0) names `name`.
bool UsedInSubBlocks(const Graph& graph, const std::string& name);

// A fused_conv2d in NCHW, without a residual unless `residual_ok`, whose Input and Output are
// single variables and whose Filter is declared 4-D (its shape in *filter_shape).
bool FusedConvNchw(const Graph& graph, const Node* op, bool residual_ok,
                   std::vector<int64_t>* filter_shape);
// Whether the convolution `desc` with that filter shape is 1x1: one group, unit strides and
// dilations, no padding.
bool IsPointwiseConv(const framework::OpDesc& desc, const std::vector<int64_t>& filter_shape);
// Whether the convolution `desc` with that filter shape is a network's stem as funcs::ConvRows
// computes it (fused_conv_depthwise's first convolution, fused_mbconv's expansion): one group, an
// undilated window larger than 1x1 over at most 64 taps (input channels x window), at most 64
// output channels, explicit padding.
bool IsStemConv(const framework::OpDesc& desc, const std::vector<int64_t>& filter_shape);

// `mul` is elementwise_mul (axis -1 or 0) of a feature map [N, C, H, W] by a gate [N or 1, C, 1,
// 1] (a squeeze-excitation block's last step), C being `channels`: the names of both operands
// (either may be X; where both have the gate's shape, the feature map is X). A gate of a fixed
// batch above 1 needs the feature map's batch declared equal (were the map's batch 1 at run
// time, the product would broadcast to the gate's batch).
bool MatchChannelGate(const Graph& graph, const Node* mul, int64_t channels, std::string* feature,
                      std::string* gate);

// to's input slot `to_slot` = from's single input of `slot`, where from has one.
void CopyInputIfAny(const framework::OpDesc& from, const std::string& slot, framework::OpDesc* to,
                    const std::string& to_slot);

// One planned rewrite: `ops` (block 0) become `fused`, placed where the last of them is.
struct Fusion {
  std::vector<Node*> ops;
  framework::OpDesc fused;
};

// Whether the fusions may all be applied. Every variable the ops write that no fused op writes
// is an intermediate: a temporary (IsTemporary) written and read only by the fusions' ops, in no
// sub-block, read by no fused op. `droppable` names variables the ops write that may vanish
// although they are not temporaries (running statistics that test mode leaves unchanged). For
// each fusion, no other op between its first and last op writes a fused input or reads or
// writes a fused output, so that the fused op may run at the last op's place.
bool CanFuse(const Graph& graph, const std::vector<Fusion>& fusions,
             const std::set<std::string>& droppable = {});

// Applies fusions that CanFuse accepted: each fused op is inserted at its last op's place and
// the ops are removed. Returns the new op nodes.
std::vector<Node*> ApplyFusions(Graph* graph, const std::vector<Fusion>& fusions);

// A linear layer in the program: `add` = elementwise_add(h, bias) on the last dim where h is
// the only output of `matmul` = mul(x, w) (y_num_col_dims 1) or matmul_v2(x, w) (no
// transposes, x of rank >= 2); w declared 2-D [K, N], bias declared [N].
struct LinearMatch {
  Node* matmul = nullptr;
  Node* add = nullptr;
  std::string x, w, bias, h, out;  // out: the add's output
  int in_num_col_dims = 1;         // x's dims flattened into GEMM rows: x.dims[:n]
  int x_rank = 0;
};
bool MatchLinear(const Graph& graph, Node* add, LinearMatch* match);

// Copies the attributes every op may carry (op_role, op_callstack, ...) from `from` to `to`.
void CopyCommonAttrs(const framework::OpDesc& from, framework::OpDesc* to);

// Tries `try_at` on each op of block 0, starting over after every success (the graph has
// changed), until no op fuses; returns whether any did.
bool FuseUntilNoneLeft(Graph* graph, const std::function<bool(Node*)>& try_at);

// A variable name not yet declared in `graph`'s block 0 nor present in `scope` (may be null):
// `base`, else base_1, base_2, ...
std::string UniqueVarName(const Graph& graph, const framework::Scope* scope,
                          const std::string& base);

}  // namespace ir
}  // namespace paddle
