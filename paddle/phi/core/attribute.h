// Attribute: a kernel attribute value, already converted to the exact C++ type the kernel
// signature takes (conversion from a program's attribute happens once, at build time).
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "paddle/phi/common/data_type.h"

namespace phi {

using Attribute = std::variant<bool, int, int64_t, float, double, std::string, std::vector<bool>,
                               std::vector<int>, std::vector<int64_t>, std::vector<float>,
                               std::vector<double>, std::vector<std::string>, DataType>;

}  // namespace phi
