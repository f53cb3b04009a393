// The scalar activations of the fused kernels (fc, fused_gemm_epilogue,
// fused_elemwise_add_activation) and their derivatives, host-and-device: the CPU kernels (via
// fused_activation.h) and the CUDA kernels evaluate the same formulas.
#pragma once

#include <cmath>

#include "paddle/phi/core/hostdevice.h"

namespace phi {
namespace funcs {

// kGeluTanh: 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))); kGeluErf: the exact
// 0.5 x (1 + erf(x / sqrt(2))) (fc only).
enum class FusedActivation { kNone, kRelu, kSigmoid, kTanh, kGeluTanh, kGeluErf };

template <typename T>
PD_HOSTDEVICE inline T ApplyFusedActivation(FusedActivation act, T v) {
  switch (act) {
    case FusedActivation::kNone:
      return v;
    case FusedActivation::kRelu:
      return v < T(0) ? T(0) : v;
    case FusedActivation::kSigmoid: {
      if (v >= T(0)) return T(1) / (T(1) + std::exp(-v));
      const T e = std::exp(v);
      return e / (T(1) + e);
    }
    case FusedActivation::kTanh:
      return std::tanh(v);
    case FusedActivation::kGeluTanh: {
      const T kSqrt2OverPi = static_cast<T>(0.79788456080286535588);
      const T kCubic = static_cast<T>(0.044715);
      return T(0.5) * v * (T(1) + std::tanh(kSqrt2OverPi * (v + kCubic * v * v * v)));
    }
    case FusedActivation::kGeluErf: {
      const T kInvSqrt2 = static_cast<T>(0.70710678118654752440);
      return T(0.5) * v * (T(1) + std::erf(kInvSqrt2 * v));
    }
  }
  return v;
}

// Whether the activation's derivative can be computed from its output alone.
PD_HOSTDEVICE inline bool GradFromOutput(FusedActivation act) {
  return act != FusedActivation::kGeluTanh && act != FusedActivation::kGeluErf;
}

// d act / d x times g, from the activation's output y (relu, sigmoid, tanh, none).
template <typename T>
PD_HOSTDEVICE inline T FusedActivationGradFromOut(FusedActivation act, T y, T g) {
  switch (act) {
    case FusedActivation::kRelu:
      return y > T(0) ? g : T(0);
    case FusedActivation::kSigmoid:
      return g * y * (T(1) - y);
    case FusedActivation::kTanh:
      return g * (T(1) - y * y);
    default:
      return g;
  }
}

// d act / d x times g, from the activation's input x (every activation).
template <typename T>
PD_HOSTDEVICE inline T FusedActivationGradFromIn(FusedActivation act, T x, T g) {
  if (act == FusedActivation::kGeluErf) {  // Phi(x) + x phi(x)
    const T kInvSqrt2 = static_cast<T>(0.70710678118654752440);
    const T kInvSqrt2Pi = static_cast<T>(0.39894228040143267794);
    const T cdf = T(0.5) * (T(1) + std::erf(kInvSqrt2 * x));
    return g * (cdf + x * kInvSqrt2Pi * std::exp(T(-0.5) * x * x));
  }
  if (act != FusedActivation::kGeluTanh)
    return FusedActivationGradFromOut(act, ApplyFusedActivation(act, x), g);
  const T s = static_cast<T>(0.79788456080286535588);
  const T c = static_cast<T>(0.044715);
  const T t = std::tanh(s * (x + c * x * x * x));
  const T du = s * (T(1) + T(3) * c * x * x);
  return g * (T(0.5) * (T(1) + t) + T(0.5) * x * (T(1) - t * t) * du);
}

}  // namespace funcs
}  // namespace phi
