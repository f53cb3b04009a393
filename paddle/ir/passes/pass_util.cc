#include "paddle/ir/passes/pass_util.h"

#include "paddle/framework/op_binding.h"

namespace paddle {
namespace ir {

bool IsTemporary(const Graph& graph, const Node* var) {
  if (var == nullptr || var->block_id() != 0) return false;
  const framework::VarDesc* desc = var->Var();
  if (desc == nullptr || desc->Persistable() || desc->NeedCheckFeed()) return false;
  return graph.protected_vars().count(var->Name()) == 0;
}

namespace {
std::string Single(const std::vector<std::string>& args) {
  return args.size() == 1 ? args[0] : std::string();
}
}  // namespace

std::string SingleInput(const framework::OpDesc& op, const std::string& slot) {
  return Single(op.Input(slot));
}

std::string SingleOutput(const framework::OpDesc& op, const std::string& slot) {
  return Single(op.Output(slot));
}

template <typename T>
T AttrOr(const framework::OpDesc& op, const std::string& name, T fallback) {
  const framework::Attr* attr = op.FindAttr(name);
  if (attr == nullptr) {
    const auto* record = framework::OpRecordRegistry::Instance().Find(op.Type());
    const framework::AttrDef* def = record ? record->FindAttr(name) : nullptr;
    if (def == nullptr || def->required) return fallback;
    attr = &def->default_value;
  }
  return std::get<T>(framework::ConvertAttr(*attr, phi::AttributeIndexOf<T>()));
}
template bool AttrOr<bool>(const framework::OpDesc&, const std::string&, bool);
template int AttrOr<int>(const framework::OpDesc&, const std::string&, int);
template float AttrOr<float>(const framework::OpDesc&, const std::string&, float);
template std::string AttrOr<std::string>(const framework::OpDesc&, const std::string&, std::string);
template std::vector<int> AttrOr<std::vector<int>>(const framework::OpDesc&, const std::string&,
                                                   std::vector<int>);

bool AttrFedByTensor(const framework::OpDesc& op, const std::string& name) {
  const auto* record = framework::OpRecordRegistry::Instance().Find(op.Type());
  return record != nullptr && record->AttrFedByTensor(op, name);
}

bool HasSideEffects(const framework::OpDesc& op) {
  const std::string& type = op.Type();
  if (type == "feed" || type == "fetch" || type == "fetch_v2" || type == "conditional_block" ||
      type == "while" || type == "save" || type == "save_combine" || type == "print")
    return true;
  const auto* record = framework::OpRecordRegistry::Instance().Find(type);
  return record == nullptr || record->is_random || record->has_side_effects;
}

}  // namespace ir
}  // namespace paddle
