// Small helpers shared by the passes: what a pass may rewrite, and op-desc edits.
#pragma once

#include <string>

#include "paddle/framework/op_record.h"
#include "paddle/ir/graph.h"

namespace paddle {
namespace ir {

// A variable a pass may remove or rename: declared in block 0, not persistable, not fed,
// not protected.
bool IsTemporary(const Graph& graph, const Node* var);
// The op's only variable in `slot` (input or output), or "" when absent or several.
std::string SingleInput(const framework::OpDesc& op, const std::string& slot);
std::string SingleOutput(const framework::OpDesc& op, const std::string& slot);
// The op's attribute value, or the record's default.
template <typename T>
T AttrOr(const framework::OpDesc& op, const std::string& name, T fallback);
// Whether a tensor input of the op gives attribute `name` (its value known only at run time):
// a pass must not take the attribute as the op's value.
bool AttrFedByTensor(const framework::OpDesc& op, const std::string& name);
// Ops with effects beyond their outputs, or bodies in sub-blocks: never removed or moved.
bool HasSideEffects(const framework::OpDesc& op);

}  // namespace ir
}  // namespace paddle
