// set_value's attribute values, shared by its CPU and GPU kernels: the list that dtype names
// (or, when that one is empty, the first non-empty list), converted to the kernel's type on the
// host (a float that does not fit an integer dtype is refused).
#pragma once

#include <limits>
#include <type_traits>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/common/data_type.h"

namespace phi {
namespace funcs {

template <typename T, typename V>
std::vector<T> Converted(const std::vector<V>& values) {
  std::vector<T> out;
  out.reserve(values.size());
  for (const V& v : values) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                  std::is_floating_point_v<V>) {
      // Converting NaN or a value beyond T's range is undefined; refuse it.
      const double d = static_cast<double>(v);
      PD_CHECK(d >= static_cast<double>(std::numeric_limits<T>::min()) &&
                   d < static_cast<double>(std::numeric_limits<T>::max()) + 1.0,
               InvalidArgument, "expected set_value's values to fit Input's integer dtype ",
               CppTypeToDataType<T>::value, ", but got ", d);
    }
    out.push_back(static_cast<T>(v));
  }
  return out;
}

// The attribute values as T: the list that dtype names; when that one is empty, the first
// non-empty list (a program may name a dtype other than the list it filled).
template <typename T>
std::vector<T> AttrValues(DataType dtype, const std::vector<int>& bool_values,
                          const std::vector<float>& fp32_values,
                          const std::vector<int>& int32_values,
                          const std::vector<int64_t>& int64_values,
                          const std::vector<double>& fp64_values,
                          const std::vector<float>& fp16_values) {
  switch (dtype) {
    case DataType::BOOL:
      if (!bool_values.empty()) return Converted<T>(bool_values);
      break;
    case DataType::INT32:
      if (!int32_values.empty()) return Converted<T>(int32_values);
      break;
    case DataType::INT64:
      if (!int64_values.empty()) return Converted<T>(int64_values);
      break;
    case DataType::FLOAT64:
      if (!fp64_values.empty()) return Converted<T>(fp64_values);
      break;
    case DataType::FLOAT16:
      if (!fp16_values.empty()) return Converted<T>(fp16_values);
      break;
    default:
      if (!fp32_values.empty()) return Converted<T>(fp32_values);
      break;
  }
  if (!fp32_values.empty()) return Converted<T>(fp32_values);
  if (!fp64_values.empty()) return Converted<T>(fp64_values);
  if (!int32_values.empty()) return Converted<T>(int32_values);
  if (!int64_values.empty()) return Converted<T>(int64_values);
  if (!bool_values.empty()) return Converted<T>(bool_values);
  return Converted<T>(fp16_values);
}

}  // namespace funcs
}  // namespace phi
