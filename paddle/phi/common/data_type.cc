#include "paddle/phi/common/data_type.h"

namespace phi {
namespace dtype {

float16::float16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  uint32_t sign = (bits >> 16) & 0x8000u;
  int32_t exponent = static_cast<int32_t>((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = bits & 0x7fffffu;
  if (((bits >> 23) & 0xff) == 0xff) {  // inf or NaN
    x = static_cast<uint16_t>(sign | 0x7c00u | (mantissa ? 0x200u : 0u));
  } else if (exponent >= 31) {  // overflow -> inf
    x = static_cast<uint16_t>(sign | 0x7c00u);
  } else if (exponent <= 0) {  // subnormal or zero
    if (exponent < -10) {
      x = static_cast<uint16_t>(sign);
    } else {
      mantissa |= 0x800000u;
      uint32_t shift = static_cast<uint32_t>(14 - exponent);
      uint32_t half = mantissa >> shift;
      uint32_t rest = mantissa & ((1u << shift) - 1);
      uint32_t midpoint = 1u << (shift - 1);
      if (rest > midpoint || (rest == midpoint && (half & 1u))) ++half;
      x = static_cast<uint16_t>(sign | half);
    }
  } else {
    uint32_t half = sign | (static_cast<uint32_t>(exponent) << 10) | (mantissa >> 13);
    uint32_t rest = mantissa & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;  // may carry into exp: ok
    x = static_cast<uint16_t>(half);
  }
}

float16::operator float() const {
  uint32_t sign = static_cast<uint32_t>(x & 0x8000u) << 16;
  uint32_t exponent = (x >> 10) & 0x1fu;
  uint32_t mantissa = x & 0x3ffu;
  uint32_t bits;
  if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign;
    } else {  // subnormal: normalise
      int e = -1;
      do {
        ++e;
        mantissa <<= 1;
      } while ((mantissa & 0x400u) == 0);
      bits = sign | (static_cast<uint32_t>(127 - 15 - e) << 23) | ((mantissa & 0x3ffu) << 13);
    }
  } else if (exponent == 31) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else {
    bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

}  // namespace dtype

size_t SizeOf(DataType dtype) {
  switch (dtype) {
    case DataType::BOOL:
    case DataType::INT8:
    case DataType::UINT8: return 1;
    case DataType::INT16:
    case DataType::FLOAT16:
    case DataType::BFLOAT16: return 2;
    case DataType::INT32:
    case DataType::FLOAT32: return 4;
    case DataType::INT64:
    case DataType::FLOAT64:
    case DataType::COMPLEX64: return 8;
    case DataType::COMPLEX128: return 16;
    default: return 0;
  }
}

const char* DataTypeToString(DataType dtype) {
  switch (dtype) {
    case DataType::UNDEFINED: return "undefined";
    case DataType::BOOL: return "bool";
    case DataType::INT8: return "int8";
    case DataType::UINT8: return "uint8";
    case DataType::INT16: return "int16";
    case DataType::INT32: return "int32";
    case DataType::INT64: return "int64";
    case DataType::FLOAT16: return "float16";
    case DataType::BFLOAT16: return "bfloat16";
    case DataType::FLOAT32: return "float32";
    case DataType::FLOAT64: return "float64";
    case DataType::COMPLEX64: return "complex64";
    case DataType::COMPLEX128: return "complex128";
    default: return "unknown";
  }
}

std::ostream& operator<<(std::ostream& os, DataType dtype) { return os << DataTypeToString(dtype); }

bool IsFloatingType(DataType dtype) {
  return dtype == DataType::FLOAT16 || dtype == DataType::BFLOAT16 ||
         dtype == DataType::FLOAT32 || dtype == DataType::FLOAT64;
}

}  // namespace phi
