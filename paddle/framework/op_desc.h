// OpDesc: one op of a block: type, input and output slots (slot name -> variable names) and
// attributes. Slots and attributes are kept sorted by name, as PaddlePaddle writes them.
// Every mutator bumps the owning program's generation, so caches keyed by (uid, generation)
// never run a stale build.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "paddle/framework/attribute.h"

namespace paddle {
namespace framework {

class BlockDesc;

class OpDesc {
 public:
  using VarMap = std::map<std::string, std::vector<std::string>>;

  OpDesc() = default;
  explicit OpDesc(const std::string& type) : type_(type) {}
  OpDesc(const proto::OpDesc& desc, BlockDesc* block);
  // A copy belongs to no block until SetBlock; assignment takes the other's content and
  // stays in its own block (a change of that block's program).
  OpDesc(const OpDesc& other);
  OpDesc& operator=(const OpDesc& other);

  const std::string& Type() const { return type_; }
  void SetType(const std::string& type) {
    type_ = type;
    Changed();
  }
  BlockDesc* Block() const { return block_; }
  void SetBlock(BlockDesc* block) { block_ = block; }

  // Empty vector when the slot is absent.
  const std::vector<std::string>& Input(const std::string& slot) const;
  const std::vector<std::string>& Output(const std::string& slot) const;
  bool HasInput(const std::string& slot) const { return inputs_.count(slot) > 0; }
  bool HasOutput(const std::string& slot) const { return outputs_.count(slot) > 0; }
  void SetInput(const std::string& slot, const std::vector<std::string>& args) {
    inputs_[slot] = args;
    Changed();
  }
  void SetOutput(const std::string& slot, const std::vector<std::string>& args) {
    outputs_[slot] = args;
    Changed();
  }
  void RemoveInput(const std::string& slot) {
    inputs_.erase(slot);
    Changed();
  }
  void RemoveOutput(const std::string& slot) {
    outputs_.erase(slot);
    Changed();
  }
  const VarMap& Inputs() const { return inputs_; }
  const VarMap& Outputs() const { return outputs_; }
  std::vector<std::string> InputArgumentNames() const;
  std::vector<std::string> OutputArgumentNames() const;
  void RenameInput(const std::string& old_name, const std::string& new_name);
  void RenameOutput(const std::string& old_name, const std::string& new_name);

  bool HasAttr(const std::string& name) const { return attrs_.count(name) > 0; }
  const Attr* FindAttr(const std::string& name) const;
  // Throws NotFound naming the op and the attribute.
  const Attr& GetAttr(const std::string& name) const;
  void SetAttr(const Attr& attr) {
    attrs_[attr.name()] = attr;
    Changed();
  }
  template <typename T>
  void SetAttr(const std::string& name, const T& value) {
    attrs_[name] = MakeAttr(name, value);
    Changed();
  }
  void RemoveAttr(const std::string& name) {
    attrs_.erase(name);
    Changed();
  }
  const std::map<std::string, Attr>& Attrs() const { return attrs_; }
  // Typed reads with conversion (e.g. GetAttrAs<int>("axis")).
  template <typename T>
  T GetAttrAs(const std::string& name) const;

  bool IsTarget() const { return is_target_; }
  void SetIsTarget(bool v) {
    is_target_ = v;
    Changed();
  }

  proto::OpDesc ToProto() const;
  std::string DebugString() const;

 private:
  // Bumps the owning program's generation (no-op for a detached op).
  void Changed();

  std::string type_;
  VarMap inputs_;
  VarMap outputs_;
  std::map<std::string, Attr> attrs_;
  bool is_target_ = false;
  BlockDesc* block_ = nullptr;
};

}  // namespace framework
}  // namespace paddle
