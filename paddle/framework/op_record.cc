#include "paddle/framework/op_record.h"

#include <algorithm>
#include <mutex>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"  // TailoredNote

namespace paddle {
namespace framework {

int OpRecord::InputIndex(const std::string& slot) const {
  for (size_t i = 0; i < inputs.size(); ++i)
    if (inputs[i].name == slot) return static_cast<int>(i);
  return -1;
}

int OpRecord::OutputIndex(const std::string& slot) const {
  for (size_t i = 0; i < outputs.size(); ++i)
    if (outputs[i].name == slot) return static_cast<int>(i);
  return -1;
}

int OpRecord::AttrIndex(const std::string& name) const {
  for (size_t i = 0; i < attrs.size(); ++i)
    if (attrs[i].name == name) return static_cast<int>(i);
  return -1;
}

const AttrDef* OpRecord::FindAttr(const std::string& name) const {
  int i = AttrIndex(name);
  return i < 0 ? nullptr : &attrs[i];
}

namespace {
bool SlotPresent(const OpDesc& op, const std::string& slot) {
  for (const std::string& name : op.Input(slot))
    if (name != "@EMPTY@") return true;
  return false;
}

bool SlotsPresent(const OpRecord& record, const OpDesc& op, const TensorAttrDef& t) {
  for (int slot : {t.tensor, t.list})
    if (slot >= 0 && SlotPresent(op, record.inputs[slot].name)) return true;
  return false;
}
}  // namespace

bool OpRecord::AttrFedByTensor(const OpDesc& op, const std::string& name) const {
  const int a = AttrIndex(name);
  for (const TensorAttrDef& t : tensor_attrs)
    if (t.attr == a && SlotsPresent(*this, op, t)) return true;
  return false;
}

bool OpRecord::AnyAttrFedByTensor(const OpDesc& op) const {
  for (const TensorAttrDef& t : tensor_attrs)
    if (SlotsPresent(*this, op, t)) return true;
  return false;
}

OpRecordRegistry& OpRecordRegistry::Instance() {
  static OpRecordRegistry* registry = [] {
    auto* r = new OpRecordRegistry();
    RegisterGeneratedOpRecords(r);
    return r;
  }();
  return *registry;
}

void OpRecordRegistry::Add(OpRecord record) {
  std::string type = record.type;
  records_[type] = std::move(record);
}

const OpRecord* OpRecordRegistry::Find(const std::string& type) const {
  auto it = records_.find(type);
  return it == records_.end() ? nullptr : &it->second;
}

const OpRecord& OpRecordRegistry::Get(const std::string& type) const {
  const OpRecord* record = Find(type);
  PD_CHECK(record != nullptr, NotFound, "expected a registered op type, but got '", type, "'",
           phi::TailoredNote());
  return *record;
}

std::vector<std::string> OpRecordRegistry::Types() const {
  std::vector<std::string> types;
  for (const auto& entry : records_) types.push_back(entry.first);
  std::sort(types.begin(), types.end());
  return types;
}

bool IsCommonAttr(const std::string& name) {
  static const char* kCommon[] = {"op_role",   "op_role_var", "op_namescope",    "op_callstack",
                                  "op_device", "with_quant_attr", "use_mkldnn", "use_cudnn",
                                  "mkldnn_data_type"};
  for (const char* c : kCommon)
    if (name == c) return true;
  return false;
}

}  // namespace framework
}  // namespace paddle
