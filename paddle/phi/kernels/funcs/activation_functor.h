// Scalar formulas of the activation kernels and their gradients (relu, sigmoid, tanh, gelu and
// those of elementwise_unary_kernel.h), written once for both backends: the CPU kernels call
// them in their loops and the CUDA kernels per element, in T (float for 16-bit floats on GPU).
#pragma once

#include <algorithm>
#include <cmath>

#include "paddle/phi/core/hostdevice.h"
#include "paddle/phi/kernels/funcs/special_math.h"

namespace phi {
namespace funcs {

// ------------------------------------------------------------------ relu, sigmoid, tanh

template <typename T>
struct ReluFunctor {
  // Written as a comparison so that NaN stays NaN, as in Paddle.
  PD_HOSTDEVICE T operator()(T v) const { return v < T(0) ? T(0) : v; }
};

template <typename T>
struct SigmoidFunctor {
  // exp of a non-positive argument only: no overflow, and no 1 - 1 cancellation for x << 0.
  PD_HOSTDEVICE T operator()(T v) const {
    if (v >= T(0)) return T(1) / (T(1) + std::exp(-v));
    const T e = std::exp(v);
    return e / (T(1) + e);
  }
};

template <typename T>
struct TanhFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return std::tanh(v); }
};

// The gradients below take (y, g): y the forward output Out, g Out@GRAD.
template <typename T>
struct ReluGradFunctor {
  PD_HOSTDEVICE T operator()(T y, T g) const { return y > T(0) ? g : T(0); }
};

template <typename T>
struct SigmoidGradFunctor {
  PD_HOSTDEVICE T operator()(T y, T g) const { return g * y * (T(1) - y); }
};

template <typename T>
struct TanhGradFunctor {
  PD_HOSTDEVICE T operator()(T y, T g) const { return g * (T(1) - y * y); }
};

// ------------------------------------------------------------------------------- gelu

// 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))).
template <typename T>
struct GeluTanhFunctor {
  PD_HOSTDEVICE T operator()(T v) const {
    const T kSqrt2OverPi = static_cast<T>(0.79788456080286535588);
    const T kCubic = static_cast<T>(0.044715);
    return T(0.5) * v * (T(1) + std::tanh(kSqrt2OverPi * (v + kCubic * v * v * v)));
  }
};

// 0.5 x (1 + erf(x / sqrt(2))). The CPU kernel computes the erf a block at a time
// (funcs/erf.h); this per-element form is the device's.
template <typename T>
struct GeluErfFunctor {
  PD_HOSTDEVICE T operator()(T v) const {
    const T kInvSqrt2 = static_cast<T>(0.70710678118654752440);
    return T(0.5) * v * (T(1) + std::erf(kInvSqrt2 * v));
  }
};

// d/dx 0.5 x (1 + tanh(u)) = 0.5 (1 + tanh(u)) + 0.5 x (1 - tanh(u)^2) u',
// u = s (x + c x^3), u' = s (1 + 3 c x^2). Takes (x, g).
template <typename T>
struct GeluTanhGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    const T s = static_cast<T>(0.79788456080286535588);
    const T c = static_cast<T>(0.044715);
    const T t = std::tanh(s * (v + c * v * v * v));
    const T du = s * (T(1) + T(3) * c * v * v);
    return g * (T(0.5) * (T(1) + t) + T(0.5) * v * (T(1) - t * t) * du);
  }
};

// d/dx x Phi(x) = Phi(x) + x phi(x). Takes (x, g).
template <typename T>
struct GeluErfGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    const T kInvSqrt2 = static_cast<T>(0.70710678118654752440);
    const T kInvSqrt2Pi = static_cast<T>(0.39894228040143267794);
    const T cdf = T(0.5) * (T(1) + std::erf(kInvSqrt2 * v));
    const T pdf = kInvSqrt2Pi * std::exp(T(-0.5) * v * v);
    return g * (cdf + v * pdf);
  }
};

// ------------------------------------------------------- elementwise_unary_kernel.h

template <typename T>
struct LeakyReluFunctor {
  T alpha;
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(v > T(0) ? v : alpha * v); }
};

template <typename T>
struct EluFunctor {
  T alpha;
  PD_HOSTDEVICE T operator()(T v) const {
    return static_cast<T>(v > T(0) ? v : alpha * (std::exp(v) - T(1)));
  }
};

template <typename T>
struct SeluFunctor {
  T scale;
  T alpha;
  PD_HOSTDEVICE T operator()(T v) const {
    return static_cast<T>(v > T(0) ? scale * v : scale * alpha * (std::exp(v) - T(1)));
  }
};

template <typename T>
struct SoftplusFunctor {
  T beta;
  T threshold;
  PD_HOSTDEVICE T operator()(T v) const {
    return static_cast<T>(beta * v > threshold ? v : std::log1p(std::exp(beta * v)) / beta);
  }
};

template <typename T>
struct SwishFunctor {
  T beta;
  PD_HOSTDEVICE T operator()(T v) const {
    return static_cast<T>(v / (T(1) + std::exp(-beta * v)));
  }
};

template <typename T>
struct SiluFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(v / (T(1) + std::exp(-v))); }
};

template <typename T>
struct MishFunctor {
  T threshold;
  PD_HOSTDEVICE T operator()(T v) const {
    return static_cast<T>(v * std::tanh(v > threshold ? v : std::log1p(std::exp(v))));
  }
};

template <typename T>
struct LogsigmoidFunctor {
  PD_HOSTDEVICE T operator()(T v) const {
    return static_cast<T>(std::min(v, T(0)) - std::log1p(std::exp(-std::abs(v))));
  }
};

template <typename T>
struct SoftsignFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(v / (T(1) + std::abs(v))); }
};

// The CPU's erf kernel goes through funcs/erf.h (vectorized for float); this is the device's.
template <typename T>
struct ErfFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return std::erf(v); }
};

template <typename T>
struct RsqrtFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(T(1) / std::sqrt(v)); }
};

template <typename T>
struct ReciprocalFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(T(1) / v); }
};

template <typename T>
struct Log1pFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::log1p(v)); }
};

template <typename T>
struct SinFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::sin(v)); }
};

template <typename T>
struct CosFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::cos(v)); }
};

template <typename T>
struct FloorFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::floor(v)); }
};

template <typename T>
struct CeilFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::ceil(v)); }
};

// Half away from zero (std::round), not NumPy's half to even.
template <typename T>
struct RoundFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::round(v)); }
};

template <typename T>
struct SignFunctor {
  PD_HOSTDEVICE T operator()(T v) const {
    return static_cast<T>(v > T(0) ? T(1) : (v < T(0) ? T(-1) : T(0)));
  }
};

// ------------------------------- trigonometric, hyperbolic and special functions, trunc

// digamma and erfinv come from funcs/special_math.h, the others from <cmath>.
template <typename T>
struct TanFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::tan(v)); }
};

template <typename T>
struct AsinFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::asin(v)); }
};

template <typename T>
struct AcosFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::acos(v)); }
};

template <typename T>
struct AtanFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::atan(v)); }
};

template <typename T>
struct SinhFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::sinh(v)); }
};

template <typename T>
struct CoshFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::cosh(v)); }
};

template <typename T>
struct AsinhFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::asinh(v)); }
};

template <typename T>
struct AcoshFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::acosh(v)); }
};

template <typename T>
struct AtanhFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::atanh(v)); }
};

template <typename T>
struct Expm1Functor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::expm1(v)); }
};

template <typename T>
struct LgammaFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::lgamma(v)); }
};

template <typename T>
struct DigammaFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(Digamma(v)); }
};

template <typename T>
struct ErfinvFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(ErfInv(v)); }
};

template <typename T>
struct TruncFunctor {
  PD_HOSTDEVICE T operator()(T v) const { return static_cast<T>(std::trunc(v)); }
};

// Gradients: (v, g) with v = X unless noted, g = Out@GRAD.

template <typename T>
struct LeakyReluGradFunctor {
  T alpha;
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(v > T(0) ? g : alpha * g); }
};

template <typename T>
struct EluGradFunctor {
  T alpha;
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return static_cast<T>(v > T(0) ? g : g * alpha * std::exp(v));
  }
};

template <typename T>
struct SeluGradFunctor {
  T scale;
  T alpha;
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return static_cast<T>(v > T(0) ? g * scale : g * scale * alpha * std::exp(v));
  }
};

template <typename T>
struct SoftplusGradFunctor {
  T beta;
  T threshold;
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return static_cast<T>(beta * v > threshold ? g : g / (T(1) + std::exp(-beta * v)));
  }
};

// d/dx x * sigmoid(beta x) = s + beta x s (1 - s).
template <typename T>
struct SwishGradFunctor {
  T beta;
  PD_HOSTDEVICE T operator()(T v, T g) const {
    T s = T(1) / (T(1) + std::exp(-beta * v));
    return static_cast<T>(g * (s + beta * v * s * (T(1) - s)));
  }
};

// SwishGradFunctor with beta = 1 written out (1 * v folded away, as the CPU kernel always had
// it, so that even NaN signs stay as they were).
template <typename T>
struct SiluGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    T s = T(1) / (T(1) + std::exp(-v));
    return static_cast<T>(g * (s + v * s * (T(1) - s)));
  }
};

// d/dx x tanh(softplus(x)) with softplus(x) = x above the threshold.
template <typename T>
struct MishGradFunctor {
  T threshold;
  PD_HOSTDEVICE T operator()(T v, T g) const {
    T sp = v > threshold ? v : std::log1p(std::exp(v));
    T t = std::tanh(sp);
    T dsp = v > threshold ? T(1) : T(1) / (T(1) + std::exp(-v));
    return static_cast<T>(g * (t + v * (T(1) - t * t) * dsp));
  }
};

template <typename T>
struct LogsigmoidGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(g / (T(1) + std::exp(v))); }
};

template <typename T>
struct SoftsignGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return static_cast<T>(g / ((T(1) + std::abs(v)) * (T(1) + std::abs(v))));
  }
};

template <typename T>
struct ErfGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return static_cast<T>(g * T(1.1283791670955126) * std::exp(-v * v));
  }
};

// Reads Out: d/dx x^(-1/2) = -0.5 out^3.
template <typename T>
struct RsqrtGradFunctor {
  PD_HOSTDEVICE T operator()(T y, T g) const { return static_cast<T>(T(-0.5) * g * y * y * y); }
};

// Reads Out: d/dx 1/x = -out^2.
template <typename T>
struct ReciprocalGradFunctor {
  PD_HOSTDEVICE T operator()(T y, T g) const { return static_cast<T>(-g * y * y); }
};

template <typename T>
struct Log1pGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(g / (T(1) + v)); }
};

template <typename T>
struct SinGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(g * std::cos(v)); }
};

template <typename T>
struct CosGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(-g * std::sin(v)); }
};

// Gradients of the functions above: (x, g) unless noted, with (1 - x)(1 + x) in place of
// 1 - x^2 so that the factor stays accurate near |x| = 1.
template <typename T>
struct TanGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    const T c = std::cos(v);
    return static_cast<T>(g / (c * c));
  }
};

template <typename T>
struct AsinGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return static_cast<T>(g / std::sqrt((T(1) - v) * (T(1) + v)));
  }
};

template <typename T>
struct AcosGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return static_cast<T>(-g / std::sqrt((T(1) - v) * (T(1) + v)));
  }
};

template <typename T>
struct AtanGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(g / (T(1) + v * v)); }
};

template <typename T>
struct SinhGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(g * std::cosh(v)); }
};

template <typename T>
struct CoshGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(g * std::sinh(v)); }
};

template <typename T>
struct AsinhGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(g / std::sqrt(v * v + T(1))); }
};

template <typename T>
struct AcoshGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return static_cast<T>(g / std::sqrt((v - T(1)) * (v + T(1))));
  }
};

template <typename T>
struct AtanhGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const {
    return static_cast<T>(g / ((T(1) - v) * (T(1) + v)));
  }
};

// Reads Out: d/dx (e^x - 1) = out + 1.
template <typename T>
struct Expm1GradFunctor {
  PD_HOSTDEVICE T operator()(T y, T g) const { return static_cast<T>(g * (y + T(1))); }
};

template <typename T>
struct LgammaGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(g * Digamma(v)); }
};

template <typename T>
struct DigammaGradFunctor {
  PD_HOSTDEVICE T operator()(T v, T g) const { return static_cast<T>(g * Trigamma(v)); }
};

// Reads Out: d/dy erfinv(y) = sqrt(pi) / 2 * exp(out^2).
template <typename T>
struct ErfinvGradFunctor {
  PD_HOSTDEVICE T operator()(T y, T g) const {
    return static_cast<T>(g * T(0.88622692545275801365) * std::exp(y * y));
  }
};

// floor, ceil, round, sign and trunc: 0 * g, so that a NaN or inf gradient still propagates.
template <typename T>
struct ZeroGradFunctor {
  PD_HOSTDEVICE T operator()(T, T g) const { return static_cast<T>(T(0) * g); }
};

}  // namespace funcs
}  // namespace phi
