#include "paddle/phi/kernels/cast_kernel.h"

#include <cstdint>
#include <limits>
#include <type_traits>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/cast_functor.h"
#include "paddle/phi/kernels/impl/cast_kernel_impl.h"

namespace phi {
namespace {

template <typename T>
constexpr bool kIsHalf = std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;
template <typename T>
constexpr bool kIsComplex = std::is_same_v<T, complex64> || std::is_same_v<T, complex128>;

template <typename To, typename From>
To ConvertValue(From value) {
  if constexpr (std::is_same_v<To, From>) {
    return value;
  } else if constexpr (kIsHalf<From>) {
    return ConvertValue<To>(static_cast<float>(value));
  } else if constexpr (std::is_same_v<To, bool>) {
    return value != From(0);  // a complex value is true when either part is nonzero
  } else if constexpr (kIsComplex<From> && !kIsComplex<To>) {
    return ConvertValue<To>(value.real());  // as NumPy: the imaginary part is dropped
  } else if constexpr (kIsHalf<To>) {
    return To(static_cast<float>(value));
  } else if constexpr (kIsComplex<To> && !kIsComplex<From>) {
    return To(ConvertValue<typename To::value_type>(value));
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    return funcs::FloatToInteger<To>(value);
  } else {
    return static_cast<To>(value);
  }
}

}  // namespace

template <typename To, typename From>
void CastValues(const CPUContext& /*ctx*/, const From* src, To* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = ConvertValue<To>(src[i]);
}

}  // namespace phi

PD_REGISTER_KERNEL(cast, CPU, phi::CastKernel, float, double, int32_t, int64_t, bool, phi::float16,
                   phi::bfloat16, int8_t, uint8_t, int16_t, phi::complex64, phi::complex128);
