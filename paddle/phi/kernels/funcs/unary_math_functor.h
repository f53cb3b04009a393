// Scalar formulas of the unary math kernels (exp, log, sqrt, abs, square, relu6, hard_swish,
// hard_sigmoid, pow) and their gradients, written once for both backends: the CPU kernels call
// them in their loops and the CUDA kernels per element, in T (float for 16-bit floats on GPU).
#pragma once

#include <cmath>
#include <type_traits>

#include "paddle/phi/core/hostdevice.h"
#include "paddle/phi/kernels/funcs/cast_functor.h"

namespace phi {
namespace funcs {

// min(max(v, lo), hi) with NaN passing through, as two plain selects (the same expression as
// funcs::Clamp in unary_elementwise.h, callable on the device).
template <typename T>
PD_HOSTDEVICE inline T ClampValue(T v, T lo, T hi) {
  const T low_clipped = v < lo ? lo : v;
  return hi < low_clipped ? hi : low_clipped;
}

template <typename T>
struct ExpFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return std::exp(v); }
};

template <typename T>
struct LogFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return std::log(v); }
};

template <typename T>
struct SqrtFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return std::sqrt(v); }
};

template <typename T>
struct AbsFunctor {
  PD_HOSTDEVICE T operator()(T v) const {
    if constexpr (std::is_integral_v<T>) {
      // Negated in unsigned arithmetic: abs of the minimum wraps to itself as in NumPy, where
      // signed negation would overflow.
      using U = std::make_unsigned_t<T>;
      return v < T(0) ? static_cast<T>(U(0) - static_cast<U>(v)) : v;
    } else {
      return v < T(0) ? T(-v) : v;
    }
  }
};

template <typename T>
struct SquareFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return v * v; }
};

template <typename T>
struct Relu6Functor {
  T threshold;
  PD_HOSTDEVICE T operator()(T v) const { return ClampValue(v, T(0), threshold); }
};

// x * min(max(x + offset, 0), threshold) / scale.
template <typename T>
struct HardSwishFunctor {
  T threshold;
  T scale;
  T offset;
  PD_HOSTDEVICE T operator()(T v) const {
    return v * ClampValue(v + offset, T(0), threshold) / scale;
  }
};

// min(max(slope * x + offset, 0), 1).
template <typename T>
struct HardSigmoidFunctor {
  T slope;
  T offset;
  PD_HOSTDEVICE T operator()(T v) const { return ClampValue(slope * v + offset, T(0), T(1)); }
};

// Integers go through double and round, so that 3^2 is 9 and not 8.999...
template <typename T>
struct PowFunctor {
  double exponent;
  PD_HOSTDEVICE T operator()(T v) const {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(RoundToInt64(std::pow(static_cast<double>(v), exponent)));
    } else {
      return static_cast<T>(std::pow(v, static_cast<T>(exponent)));
    }
  }
};

// Gradients take (v, g): v = X or Out as the kernel's header says, g = Out@GRAD.

template <typename T>
struct ExpGradFunctor {  // reads Out
  PD_HOSTDEVICE T operator()(T y, T g) const { return g * y; }
};

template <typename T>
struct LogGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return g / v; }
};

template <typename T>
struct SqrtGradFunctor {  // reads Out
  PD_HOSTDEVICE T operator()(T y, T g) const { return g * T(0.5) / y; }
};

// sign(x) * g, 0 at x == 0.
template <typename T>
struct AbsGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return v > T(0) ? g : (v < T(0) ? T(-g) : T(0));
  }
};

template <typename T>
struct SquareGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return g * T(2) * v; }
};

template <typename T>
struct Relu6GradFunctor {  // reads Out
  T threshold;
  PD_HOSTDEVICE T operator()(T y, T g) const {
    return (y > T(0) && y < threshold) ? g : T(0);
  }
};

template <typename T>
struct HardSwishGradFunctor {
  T threshold;
  T scale;
  T offset;
  PD_HOSTDEVICE T operator()(T v, T g) const {
    // Above the ramp out = x * threshold / scale: the slope is threshold / scale (1 with the
    // default attributes).
    if (v + offset <= T(0)) return T(0);
    return v + offset < threshold ? g * (T(2) * v + offset) / scale : g * threshold / scale;
  }
};

template <typename T>
struct HardSigmoidGradFunctor {  // reads Out
  T slope;
  PD_HOSTDEVICE T operator()(T y, T g) const {
    return (y > T(0) && y < T(1)) ? g * slope : T(0);
  }
};

template <typename T>
struct PowGradFunctor {
  T exponent;
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return g * exponent * std::pow(v, exponent - T(1));
  }
};

}  // namespace funcs
}  // namespace phi
