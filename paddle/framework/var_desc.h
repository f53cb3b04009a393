// VarDesc: a variable of a program block (name, kind, element type, shape, flags), stored
// as the proto message PaddlePaddle writes. Every mutator, the raw proto accessor included,
// bumps the owning program's generation.
#pragma once

#include <string>
#include <vector>

#include "paddle/framework/var_type.h"

namespace paddle {
namespace framework {

class BlockDesc;

class VarDesc {
 public:
  explicit VarDesc(const std::string& name, BlockDesc* block = nullptr);
  explicit VarDesc(proto::VarDesc desc, BlockDesc* block = nullptr)
      : desc_(std::move(desc)), block_(block) {}
  // A copy belongs to no block.
  VarDesc(const VarDesc& other) : desc_(other.desc_) {}
  VarDesc& operator=(const VarDesc&) = delete;

  const std::string& Name() const { return desc_.name(); }
  void SetName(const std::string& name) {
    desc_.set_name(name);
    Changed();
  }

  proto::VarType::Type GetType() const { return desc_.type().type(); }
  void SetType(proto::VarType::Type type);
  // Tensor kinds (DENSE_TENSOR, DENSE_TENSOR_ARRAY, SELECTED_ROWS) carry dtype and shape.
  bool HasTensorDesc() const;

  std::vector<int64_t> GetShape() const;
  void SetShape(const std::vector<int64_t>& shape);
  proto::VarType::Type GetDataType() const;
  void SetDataType(proto::VarType::Type dtype);
  int GetLoDLevel() const;
  void SetLoDLevel(int level);

  bool Persistable() const { return desc_.persistable(); }
  void SetPersistable(bool v) {
    desc_.set_persistable(v);
    Changed();
  }
  bool NeedCheckFeed() const { return desc_.need_check_feed(); }
  void SetNeedCheckFeed(bool v) {
    desc_.set_need_check_feed(v);
    Changed();
  }
  bool IsParameter() const { return desc_.is_parameter(); }
  void SetIsParameter(bool v) {
    desc_.set_is_parameter(v);
    Changed();
  }
  bool StopGradient() const { return desc_.stop_gradient(); }
  void SetStopGradient(bool v) {
    desc_.set_stop_gradient(v);
    Changed();
  }

  const proto::VarDesc& Proto() const { return desc_; }
  // Counts as a change when called: edit through the pointer right away, never keep it.
  proto::VarDesc* MutableProto() {
    Changed();
    return &desc_;
  }
  std::string DebugString() const;

 private:
  void Changed();
  const proto::VarType::TensorDesc* tensor_desc() const;
  proto::VarType::TensorDesc* mutable_tensor_desc();
  proto::VarDesc desc_;
  BlockDesc* block_ = nullptr;
};

}  // namespace framework
}  // namespace paddle
