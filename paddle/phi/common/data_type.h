// Element types of tensors: the DataType enum, the 16-bit float types, and the mapping
// between C++ types and DataType.
#pragma once

#include <complex>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <string>

namespace phi {

enum class DataType : int8_t {
  UNDEFINED = 0,
  BOOL,
  INT8,
  UINT8,
  INT16,
  INT32,
  INT64,
  FLOAT16,
  BFLOAT16,
  FLOAT32,
  FLOAT64,
  COMPLEX64,
  COMPLEX128,
  NUM_DATA_TYPES,
};

namespace dtype {

// IEEE 754 binary16, stored as bits; arithmetic goes through float.
struct float16 {
  uint16_t x = 0;
  float16() = default;
  explicit float16(float f);
  explicit operator float() const;
};

// bfloat16: the upper 16 bits of a float32 (round to nearest even).
struct bfloat16 {
  uint16_t x = 0;
  bfloat16() = default;
  explicit bfloat16(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    if ((bits & 0x7fffffffu) > 0x7f800000u) {  // NaN stays NaN
      x = static_cast<uint16_t>((bits >> 16) | 0x40);
    } else {
      uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
      x = static_cast<uint16_t>((bits + rounding) >> 16);
    }
  }
  explicit operator float() const {
    uint32_t bits = static_cast<uint32_t>(x) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
};

}  // namespace dtype

using float16 = dtype::float16;
using bfloat16 = dtype::bfloat16;
using complex64 = std::complex<float>;
using complex128 = std::complex<double>;

size_t SizeOf(DataType dtype);
const char* DataTypeToString(DataType dtype);
std::ostream& operator<<(std::ostream& os, DataType dtype);
bool IsFloatingType(DataType dtype);

template <typename T>
struct CppTypeToDataType;
#define PD_CPP_TO_DTYPE(cpp, dt) \
  template <>                    \
  struct CppTypeToDataType<cpp> { static constexpr DataType value = DataType::dt; };
PD_CPP_TO_DTYPE(bool, BOOL)
PD_CPP_TO_DTYPE(int8_t, INT8)
PD_CPP_TO_DTYPE(uint8_t, UINT8)
PD_CPP_TO_DTYPE(int16_t, INT16)
PD_CPP_TO_DTYPE(int32_t, INT32)
PD_CPP_TO_DTYPE(int64_t, INT64)
PD_CPP_TO_DTYPE(float16, FLOAT16)
PD_CPP_TO_DTYPE(bfloat16, BFLOAT16)
PD_CPP_TO_DTYPE(float, FLOAT32)
PD_CPP_TO_DTYPE(double, FLOAT64)
PD_CPP_TO_DTYPE(complex64, COMPLEX64)
PD_CPP_TO_DTYPE(complex128, COMPLEX128)
#undef PD_CPP_TO_DTYPE

// Calls visitor.template operator()<T>() with the C++ type of `dtype` for the common
// numeric types; throws Unimplemented for others.
#define PD_VISIT_CASE(dt, cpp) \
  case ::phi::DataType::dt:    \
    return visitor.template operator()<cpp>();
template <typename Visitor>
decltype(auto) VisitDataType(DataType dtype, Visitor&& visitor);

}  // namespace phi

#include "paddle/common/errors.h"

namespace phi {
template <typename Visitor>
decltype(auto) VisitDataType(DataType dtype, Visitor&& visitor) {
  switch (dtype) {
    PD_VISIT_CASE(BOOL, bool)
    PD_VISIT_CASE(INT8, int8_t)
    PD_VISIT_CASE(UINT8, uint8_t)
    PD_VISIT_CASE(INT16, int16_t)
    PD_VISIT_CASE(INT32, int32_t)
    PD_VISIT_CASE(INT64, int64_t)
    PD_VISIT_CASE(FLOAT16, float16)
    PD_VISIT_CASE(BFLOAT16, bfloat16)
    PD_VISIT_CASE(FLOAT32, float)
    PD_VISIT_CASE(FLOAT64, double)
    default:
      PD_THROW(Unimplemented, "data type ", DataTypeToString(dtype), " is not supported here");
  }
}
}  // namespace phi
#undef PD_VISIT_CASE
