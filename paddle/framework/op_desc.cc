#include "paddle/framework/op_desc.h"

#include <algorithm>
#include <sstream>

#include "paddle/common/errors.h"
#include "paddle/framework/block_desc.h"
#include "paddle/phi/core/kernel_utils.h"

namespace paddle {
namespace framework {

namespace {
const std::vector<std::string>& Empty() {
  static const std::vector<std::string> empty;
  return empty;
}
}  // namespace

OpDesc::OpDesc(const proto::OpDesc& desc, BlockDesc* block) : type_(desc.type()), block_(block) {
  for (const auto& var : desc.inputs())
    inputs_[var.parameter()] = {var.arguments().begin(), var.arguments().end()};
  for (const auto& var : desc.outputs())
    outputs_[var.parameter()] = {var.arguments().begin(), var.arguments().end()};
  for (const auto& attr : desc.attrs()) attrs_[attr.name()] = attr;
  is_target_ = desc.is_target();
}

OpDesc::OpDesc(const OpDesc& other)
    : type_(other.type_),
      inputs_(other.inputs_),
      outputs_(other.outputs_),
      attrs_(other.attrs_),
      is_target_(other.is_target_) {}

OpDesc& OpDesc::operator=(const OpDesc& other) {
  if (this == &other) return *this;
  type_ = other.type_;
  inputs_ = other.inputs_;
  outputs_ = other.outputs_;
  attrs_ = other.attrs_;
  is_target_ = other.is_target_;
  Changed();
  return *this;
}

void OpDesc::Changed() {
  if (block_ != nullptr) block_->Program()->BumpGeneration();
}

const std::vector<std::string>& OpDesc::Input(const std::string& slot) const {
  auto it = inputs_.find(slot);
  return it == inputs_.end() ? Empty() : it->second;
}

const std::vector<std::string>& OpDesc::Output(const std::string& slot) const {
  auto it = outputs_.find(slot);
  return it == outputs_.end() ? Empty() : it->second;
}

std::vector<std::string> OpDesc::InputArgumentNames() const {
  std::vector<std::string> names;
  for (const auto& slot : inputs_) names.insert(names.end(), slot.second.begin(), slot.second.end());
  return names;
}

std::vector<std::string> OpDesc::OutputArgumentNames() const {
  std::vector<std::string> names;
  for (const auto& slot : outputs_) names.insert(names.end(), slot.second.begin(), slot.second.end());
  return names;
}

void OpDesc::RenameInput(const std::string& old_name, const std::string& new_name) {
  for (auto& slot : inputs_) std::replace(slot.second.begin(), slot.second.end(), old_name, new_name);
  Changed();
}

void OpDesc::RenameOutput(const std::string& old_name, const std::string& new_name) {
  for (auto& slot : outputs_) std::replace(slot.second.begin(), slot.second.end(), old_name, new_name);
  Changed();
}

const Attr* OpDesc::FindAttr(const std::string& name) const {
  auto it = attrs_.find(name);
  return it == attrs_.end() ? nullptr : &it->second;
}

const Attr& OpDesc::GetAttr(const std::string& name) const {
  const Attr* attr = FindAttr(name);
  PD_CHECK(attr != nullptr, NotFound, "expected op '", type_, "' to have attribute '", name,
           "', but it has none");
  return *attr;
}

template <typename T>
T OpDesc::GetAttrAs(const std::string& name) const {
  return std::get<T>(ConvertAttr(GetAttr(name), phi::AttributeIndexOf<T>()));
}
template bool OpDesc::GetAttrAs<bool>(const std::string&) const;
template int OpDesc::GetAttrAs<int>(const std::string&) const;
template int64_t OpDesc::GetAttrAs<int64_t>(const std::string&) const;
template float OpDesc::GetAttrAs<float>(const std::string&) const;
template double OpDesc::GetAttrAs<double>(const std::string&) const;
template std::string OpDesc::GetAttrAs<std::string>(const std::string&) const;
template std::vector<int> OpDesc::GetAttrAs<std::vector<int>>(const std::string&) const;
template std::vector<int64_t> OpDesc::GetAttrAs<std::vector<int64_t>>(const std::string&) const;
template std::vector<std::string> OpDesc::GetAttrAs<std::vector<std::string>>(
    const std::string&) const;

proto::OpDesc OpDesc::ToProto() const {
  proto::OpDesc desc;
  desc.set_type(type_);
  for (const auto& slot : inputs_) {
    auto* var = desc.add_inputs();
    var->set_parameter(slot.first);
    for (const auto& arg : slot.second) var->add_arguments(arg);
  }
  for (const auto& slot : outputs_) {
    auto* var = desc.add_outputs();
    var->set_parameter(slot.first);
    for (const auto& arg : slot.second) var->add_arguments(arg);
  }
  for (const auto& attr : attrs_) *desc.add_attrs() = attr.second;
  if (is_target_) desc.set_is_target(true);
  return desc;
}

std::string OpDesc::DebugString() const {
  std::ostringstream os;
  auto slots = [&os](const VarMap& map) {
    bool first = true;
    for (const auto& slot : map) {
      os << (first ? "" : ", ") << slot.first << "=[";
      for (size_t i = 0; i < slot.second.size(); ++i) os << (i ? ", " : "") << slot.second[i];
      os << "]";
      first = false;
    }
  };
  os << "{";
  slots(outputs_);
  os << "} = " << type_ << "(inputs={";
  slots(inputs_);
  os << "}";
  for (const auto& attr : attrs_) {
    if (attr.first == "op_callstack") continue;  // long; shown in errors instead
    os << ", " << attr.first << "=" << AttrValueToString(attr.second);
  }
  os << ")";
  return os.str();
}

}  // namespace framework
}  // namespace paddle
