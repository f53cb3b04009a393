#include "paddle/framework/var_type.h"

#include "paddle/common/errors.h"

namespace paddle {
namespace framework {

phi::DataType VarTypeToDataType(proto::VarType::Type type) {
  switch (type) {
    case proto::VarType::BOOL: return phi::DataType::BOOL;
    case proto::VarType::INT8: return phi::DataType::INT8;
    case proto::VarType::UINT8: return phi::DataType::UINT8;
    case proto::VarType::INT16: return phi::DataType::INT16;
    case proto::VarType::INT32: return phi::DataType::INT32;
    case proto::VarType::INT64: return phi::DataType::INT64;
    case proto::VarType::FP16: return phi::DataType::FLOAT16;
    case proto::VarType::BF16: return phi::DataType::BFLOAT16;
    case proto::VarType::FP32: return phi::DataType::FLOAT32;
    case proto::VarType::FP64: return phi::DataType::FLOAT64;
    case proto::VarType::COMPLEX64: return phi::DataType::COMPLEX64;
    case proto::VarType::COMPLEX128: return phi::DataType::COMPLEX128;
    default:
      PD_THROW(Unimplemented, "expected a tensor element type, but got VarType ",
               VarTypeName(type));
  }
}

proto::VarType::Type DataTypeToVarType(phi::DataType dtype) {
  switch (dtype) {
    case phi::DataType::BOOL: return proto::VarType::BOOL;
    case phi::DataType::INT8: return proto::VarType::INT8;
    case phi::DataType::UINT8: return proto::VarType::UINT8;
    case phi::DataType::INT16: return proto::VarType::INT16;
    case phi::DataType::INT32: return proto::VarType::INT32;
    case phi::DataType::INT64: return proto::VarType::INT64;
    case phi::DataType::FLOAT16: return proto::VarType::FP16;
    case phi::DataType::BFLOAT16: return proto::VarType::BF16;
    case phi::DataType::FLOAT32: return proto::VarType::FP32;
    case phi::DataType::FLOAT64: return proto::VarType::FP64;
    case phi::DataType::COMPLEX64: return proto::VarType::COMPLEX64;
    case phi::DataType::COMPLEX128: return proto::VarType::COMPLEX128;
    default:
      PD_THROW(Unimplemented, "data type ", phi::DataTypeToString(dtype),
               " has no VarType in the program format");
  }
}

bool IsTensorElementType(proto::VarType::Type type) {
  switch (type) {
    case proto::VarType::BOOL: case proto::VarType::INT8: case proto::VarType::UINT8:
    case proto::VarType::INT16: case proto::VarType::INT32: case proto::VarType::INT64:
    case proto::VarType::FP16: case proto::VarType::BF16: case proto::VarType::FP32:
    case proto::VarType::FP64: case proto::VarType::COMPLEX64: case proto::VarType::COMPLEX128:
      return true;
    default: return false;
  }
}

std::string VarTypeName(proto::VarType::Type type) {
  const std::string& name = proto::VarType::Type_Name(type);
  return name.empty() ? "VarType(" + std::to_string(static_cast<int>(type)) + ")" : name;
}

size_t VarTypeSize(proto::VarType::Type type) {
  switch (type) {
    case proto::VarType::SIZE_T: case proto::VarType::UINT64: return 8;
    case proto::VarType::UINT32: return 4;
    case proto::VarType::FP8_E4M3FN: case proto::VarType::FP8_E5M2: return 1;
    default: return phi::SizeOf(VarTypeToDataType(type));
  }
}

}  // namespace framework
}  // namespace paddle
