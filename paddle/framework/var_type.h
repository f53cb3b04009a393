// Mapping between the program's VarType (proto enum, as PaddlePaddle writes it) and PHI's
// DataType, plus names for messages.
#pragma once

#include <string>

#include "paddle/phi/common/data_type.h"
#include "proto/framework.pb.h"

namespace paddle {
namespace framework {


// Throws Unimplemented for VarTypes that are not tensor element types.
phi::DataType VarTypeToDataType(proto::VarType::Type type);
proto::VarType::Type DataTypeToVarType(phi::DataType dtype);
bool IsTensorElementType(proto::VarType::Type type);
std::string VarTypeName(proto::VarType::Type type);
size_t VarTypeSize(proto::VarType::Type type);

}  // namespace framework
}  // namespace paddle
