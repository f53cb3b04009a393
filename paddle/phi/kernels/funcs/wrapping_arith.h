// Integer products and sums that wrap around (two's complement) where the result does not fit,
// as PaddlePaddle's kernels do on the hardware they run on, without the undefined behaviour of a
// signed overflow in C++ (the sanitizers' op fuzzer finds those); other types as usual.
#pragma once

#include <type_traits>

namespace phi {
namespace funcs {

// The unsigned type a signed T's arithmetic wraps in (at least unsigned int, so that a narrow
// type's operands do not promote to a signed int).
template <typename T>
using WrapUnsigned =
    std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

template <typename T>
inline T WrapMul(T a, T b) {
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    using U = WrapUnsigned<T>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return a * b;
  }
}

template <typename T>
inline T WrapAdd(T a, T b) {
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    using U = WrapUnsigned<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return a + b;
  }
}

}  // namespace funcs
}  // namespace phi
