// Op attributes as the program stores them (proto OpDesc.Attr, any AttrType), helpers to
// make and read them, and the one conversion from a stored attribute to the exact C++ type
// a kernel or InferMeta parameter takes (done once per op at build time).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/framework/var_type.h"
#include "paddle/phi/core/attribute.h"

namespace paddle {
namespace framework {

using Attr = proto::OpDesc::Attr;

// Index of a sub-block, for BLOCK attributes.
struct BlockRef {
  int idx;
};

Attr MakeAttr(const std::string& name, int value);
Attr MakeAttr(const std::string& name, int64_t value);
Attr MakeAttr(const std::string& name, float value);
Attr MakeAttr(const std::string& name, double value);
Attr MakeAttr(const std::string& name, bool value);
Attr MakeAttr(const std::string& name, const std::string& value);
Attr MakeAttr(const std::string& name, const char* value);
Attr MakeAttr(const std::string& name, const std::vector<int>& value);
Attr MakeAttr(const std::string& name, const std::vector<int64_t>& value);
Attr MakeAttr(const std::string& name, const std::vector<float>& value);
Attr MakeAttr(const std::string& name, const std::vector<double>& value);
Attr MakeAttr(const std::string& name, const std::vector<bool>& value);
Attr MakeAttr(const std::string& name, const std::vector<std::string>& value);
Attr MakeAttr(const std::string& name, BlockRef value);

// Converts `attr` to the alternative `target_index` of phi::Attribute, accepting the stored
// types a PaddlePaddle program may use for it (INT for LONG, FLOAT64 for FLOAT, an INT
// VarType for a DataType, ...). Throws InvalidArgument naming the attribute on mismatch.
phi::Attribute ConvertAttr(const Attr& attr, int target_index);

// Readable form for str(program) and error messages.
std::string AttrValueToString(const Attr& attr);
// Name of a C++ type of phi::Attribute by index, for messages.
const char* AttributeTypeName(int index);
// Equality of stored values (type and value).
bool AttrEquals(const Attr& a, const Attr& b);

}  // namespace framework
}  // namespace paddle
