#include "paddle/framework/var_desc.h"

#include <sstream>

#include "paddle/common/errors.h"
#include "paddle/framework/block_desc.h"

namespace paddle {
namespace framework {

VarDesc::VarDesc(const std::string& name, BlockDesc* block) : block_(block) {
  desc_.set_name(name);
  desc_.mutable_type()->set_type(proto::VarType::LOD_TENSOR);
}

void VarDesc::Changed() {
  if (block_ != nullptr) block_->Program()->BumpGeneration();
}

void VarDesc::SetType(proto::VarType::Type type) {
  desc_.mutable_type()->set_type(type);
  Changed();
}

bool VarDesc::HasTensorDesc() const {
  auto t = GetType();
  return t == proto::VarType::LOD_TENSOR || t == proto::VarType::LOD_TENSOR_ARRAY ||
         t == proto::VarType::SELECTED_ROWS;
}

const proto::VarType::TensorDesc* VarDesc::tensor_desc() const {
  const auto& type = desc_.type();
  switch (type.type()) {
    case proto::VarType::LOD_TENSOR:
      return type.has_lod_tensor() ? &type.lod_tensor().tensor() : nullptr;
    case proto::VarType::LOD_TENSOR_ARRAY:
      return type.has_tensor_array() ? &type.tensor_array().tensor() : nullptr;
    case proto::VarType::SELECTED_ROWS:
      return type.has_selected_rows() ? &type.selected_rows() : nullptr;
    default: return nullptr;
  }
}

proto::VarType::TensorDesc* VarDesc::mutable_tensor_desc() {
  Changed();  // every tensor-desc setter comes through here
  auto* type = desc_.mutable_type();
  proto::VarType::TensorDesc* desc = nullptr;
  switch (type->type()) {
    case proto::VarType::LOD_TENSOR:
      desc = type->mutable_lod_tensor()->mutable_tensor();
      break;
    case proto::VarType::LOD_TENSOR_ARRAY:
      desc = type->mutable_tensor_array()->mutable_tensor();
      break;
    case proto::VarType::SELECTED_ROWS:
      desc = type->mutable_selected_rows();
      break;
    default:
      PD_THROW(InvalidArgument, "expected variable '", Name(),
               "' to be a tensor kind to carry a shape or data type, but it is ",
               VarTypeName(GetType()));
  }
  if (!desc->has_data_type()) desc->set_data_type(proto::VarType::FP32);
  return desc;
}

std::vector<int64_t> VarDesc::GetShape() const {
  const auto* desc = tensor_desc();
  if (desc == nullptr) return {};
  return std::vector<int64_t>(desc->dims().begin(), desc->dims().end());
}

void VarDesc::SetShape(const std::vector<int64_t>& shape) {
  auto* desc = mutable_tensor_desc();
  desc->clear_dims();
  for (int64_t d : shape) desc->add_dims(d);
}

proto::VarType::Type VarDesc::GetDataType() const {
  const auto* desc = tensor_desc();
  return desc == nullptr ? proto::VarType::FP32 : desc->data_type();
}

void VarDesc::SetDataType(proto::VarType::Type dtype) { mutable_tensor_desc()->set_data_type(dtype); }

int VarDesc::GetLoDLevel() const {
  const auto& type = desc_.type();
  if (type.type() == proto::VarType::LOD_TENSOR) return type.lod_tensor().lod_level();
  if (type.type() == proto::VarType::LOD_TENSOR_ARRAY) return type.tensor_array().lod_level();
  return 0;
}

void VarDesc::SetLoDLevel(int level) {
  auto* type = desc_.mutable_type();
  mutable_tensor_desc();
  if (type->type() == proto::VarType::LOD_TENSOR) type->mutable_lod_tensor()->set_lod_level(level);
  if (type->type() == proto::VarType::LOD_TENSOR_ARRAY)
    type->mutable_tensor_array()->set_lod_level(level);
}

std::string VarDesc::DebugString() const {
  std::ostringstream os;
  os << "var " << Name() << " : ";
  if (HasTensorDesc()) {
    os << (GetType() == proto::VarType::LOD_TENSOR ? "" : VarTypeName(GetType()) + " ")
       << "shape[";
    auto shape = GetShape();
    for (size_t i = 0; i < shape.size(); ++i) os << (i ? ", " : "") << shape[i];
    os << "], dtype=" << VarTypeName(GetDataType());
  } else {
    os << VarTypeName(GetType());
  }
  if (Persistable()) os << ", persistable";
  if (StopGradient()) os << ", stop_gradient";
  return os.str();
}

}  // namespace framework
}  // namespace paddle
