// Scalar formulas of the binary elementwise kernels (arithmetic, maximum / minimum, pow,
// comparisons, logical ops) and of their gradients, written once for both backends: the CPU
// broadcast loops call them and so do the CUDA kernels (in float for 16-bit floats there).
#pragma once

#include <cmath>
#include <type_traits>

#include "paddle/phi/core/hostdevice.h"
#include "paddle/phi/kernels/funcs/cast_functor.h"

namespace phi {
namespace funcs {

template <typename T>
struct AddFunctor {
  PD_HOSTDEVICE T operator()(T a, T b) const { return a + b; }
};

template <typename T>
struct SubtractFunctor {
  PD_HOSTDEVICE T operator()(T a, T b) const { return a - b; }
};

template <typename T>
struct MultiplyFunctor {
  PD_HOSTDEVICE T operator()(T a, T b) const { return a * b; }
};

// Integer division truncates toward zero. The CPU kernel refuses a zero integer divisor before
// dividing; the device cannot raise, so there a zero divisor gives 0 instead of a trap value.
template <typename T>
struct DivideFunctor {
  PD_HOSTDEVICE T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      using U = std::make_unsigned_t<T>;
      // INT_MIN / -1 traps on x86; negate with wrap-around instead.
      if (b == T(-1)) return static_cast<T>(U(0) - static_cast<U>(a));
#if defined(__CUDA_ARCH__)
      if (b == T(0)) return T(0);
#endif
    }
    return a / b;
  }
};

// Written as comparisons so that a NaN in x propagates, as in Paddle.
template <typename T>
struct MaximumFunctor {
  PD_HOSTDEVICE T operator()(T a, T b) const { return a < b ? b : a; }
};

template <typename T>
struct MinimumFunctor {
  PD_HOSTDEVICE T operator()(T a, T b) const { return b < a ? b : a; }
};

// Integers go through double and round the result.
template <typename T>
struct ElementwisePowFunctor {
  PD_HOSTDEVICE T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(RoundToInt64(std::pow(static_cast<double>(a), static_cast<double>(b))));
    } else {
      return static_cast<T>(std::pow(a, b));
    }
  }
};

// Comparisons (exact; NaN is unequal to everything) and logical ops (nonzero is true).
#define PD_DEFINE_BOOL_FUNCTOR(Name, expr)                        \
  template <typename T>                                           \
  struct Name##Functor {                                          \
    PD_HOSTDEVICE bool operator()(T a, T b) const { return expr; } \
  };
PD_DEFINE_BOOL_FUNCTOR(Equal, a == b)
PD_DEFINE_BOOL_FUNCTOR(NotEqual, a != b)
PD_DEFINE_BOOL_FUNCTOR(LessThan, a < b)
PD_DEFINE_BOOL_FUNCTOR(LessEqual, a <= b)
PD_DEFINE_BOOL_FUNCTOR(GreaterThan, a > b)
PD_DEFINE_BOOL_FUNCTOR(GreaterEqual, a >= b)
PD_DEFINE_BOOL_FUNCTOR(LogicalAnd, static_cast<bool>(a) && static_cast<bool>(b))
PD_DEFINE_BOOL_FUNCTOR(LogicalOr, static_cast<bool>(a) || static_cast<bool>(b))
PD_DEFINE_BOOL_FUNCTOR(LogicalXor, static_cast<bool>(a) != static_cast<bool>(b))
#undef PD_DEFINE_BOOL_FUNCTOR

// Gradient parts (a = x, b = y, d = Out@GRAD): the value one output element adds to dx or dy.
// A tie of maximum or minimum (x == y) sends the gradient to y, as in Paddle.
template <typename T>
struct MaximumGradXFunctor {
  PD_HOSTDEVICE T operator()(T a, T b, T d) const { return a > b ? d : T(0); }
};
template <typename T>
struct MaximumGradYFunctor {
  PD_HOSTDEVICE T operator()(T a, T b, T d) const { return a > b ? T(0) : d; }
};
template <typename T>
struct MinimumGradXFunctor {
  PD_HOSTDEVICE T operator()(T a, T b, T d) const { return a < b ? d : T(0); }
};
template <typename T>
struct MinimumGradYFunctor {
  PD_HOSTDEVICE T operator()(T a, T b, T d) const { return a < b ? T(0) : d; }
};

// dx = dout * y * x^(y-1); dy = dout * x^y * ln(x), 0 where x == 0.
template <typename T>
struct ElementwisePowGradXFunctor {
  PD_HOSTDEVICE T operator()(T a, T b, T d) const { return d * b * std::pow(a, b - T(1)); }
};
template <typename T>
struct ElementwisePowGradYFunctor {
  PD_HOSTDEVICE T operator()(T a, T b, T d) const {
    return a == T(0) ? T(0) : d * std::pow(a, b) * std::log(a);
  }
};

}  // namespace funcs
}  // namespace phi
