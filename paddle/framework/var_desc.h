// VarDesc: a variable of a program block (name, kind, element type, shape, flags), stored
// as the proto message PaddlePaddle writes.
#pragma once

#include <string>
#include <vector>

#include "paddle/framework/var_type.h"

namespace paddle {
namespace framework {

class VarDesc {
 public:
  explicit VarDesc(const std::string& name);
  explicit VarDesc(proto::VarDesc desc) : desc_(std::move(desc)) {}

  const std::string& Name() const { return desc_.name(); }
  void SetName(const std::string& name) { desc_.set_name(name); }

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
  void SetPersistable(bool v) { desc_.set_persistable(v); }
  bool NeedCheckFeed() const { return desc_.need_check_feed(); }
  void SetNeedCheckFeed(bool v) { desc_.set_need_check_feed(v); }
  bool IsParameter() const { return desc_.is_parameter(); }
  void SetIsParameter(bool v) { desc_.set_is_parameter(v); }
  bool StopGradient() const { return desc_.stop_gradient(); }
  void SetStopGradient(bool v) { desc_.set_stop_gradient(v); }

  const proto::VarDesc& Proto() const { return desc_; }
  proto::VarDesc* MutableProto() { return &desc_; }
  std::string DebugString() const;

 private:
  const proto::VarType::TensorDesc* tensor_desc() const;
  proto::VarType::TensorDesc* mutable_tensor_desc();
  proto::VarDesc desc_;
};

}  // namespace framework
}  // namespace paddle
