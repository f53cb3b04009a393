// The optimizer update rules (sgd, momentum, adam/adamw, lamb, rmsprop, adagrad, adamax,
// adadelta), written once as host-and-device functors over one element: the CPU kernels call
// them in their loops and the CUDA kernels per thread, so the CPU tests exercise the formulas
// the GPU runs.
#pragma once

#include <cmath>

#include "paddle/phi/core/hostdevice.h"

namespace phi {
namespace funcs {

// sqrt of float or double on either side (the device has no std::sqrt).
template <typename T>
PD_HOSTDEVICE inline T OptimizerSqrt(T x) {
#if defined(__CUDA_ARCH__)
  return sqrt(x);
#else
  return std::sqrt(x);
#endif
}

// A one-element float32 or float64 tensor as a kernel argument: read through whichever
// pointer is set (host memory for a CPU kernel, device memory inside a CUDA kernel), else
// `value` (a scalar the host already read).
struct ScalarArg {
  const float* f32 = nullptr;
  const double* f64 = nullptr;
  double value = 0.0;
  PD_HOSTDEVICE double get() const {
    return f32 != nullptr ? static_cast<double>(*f32) : f64 != nullptr ? *f64 : value;
  }
};

// Where to store a one-element float32 or float64 result (nothing when neither is set).
struct ScalarOut {
  float* f32 = nullptr;
  double* f64 = nullptr;
  PD_HOSTDEVICE void set(double v) const {
    if (f32 != nullptr) *f32 = static_cast<float>(v);
    if (f64 != nullptr) *f64 = v;
  }
};

// sgd: p - lr g.
template <typename T>
struct SgdUpdate {
  T lr;
  PD_HOSTDEVICE T operator()(T p, T g) const { return p - lr * g; }
};

// momentum: g' = rescale g + decay p; v' = mu v + g'; p' = p - lr v', or with Nesterov
// p - (g' + mu v') lr. Returns p' and stores v'.
template <typename T>
struct MomentumUpdate {
  T mu, lr, decay, rescale;
  bool nesterov;
  PD_HOSTDEVICE T operator()(T p, T g, T v, T* v_next) const {
    const T step = g * rescale + decay * p;
    const T velocity = mu * v + step;
    *v_next = velocity;
    return nesterov ? p - (step + mu * velocity) * lr : p - lr * velocity;
  }
};

// The per-step scalars of Adam, computed in double from the learning rate (times lr_ratio)
// and beta1^t, beta2^t: lr_t = lr sqrt(1 - beta2^t) / (1 - beta1^t), the epsilon scaled by
// sqrt(1 - beta2^t), and adamw's decay factor keep = 1 - lr coeff (1 for adam).
struct AdamScalars {
  double lr_t, epsilon_t, keep;
};
PD_HOSTDEVICE inline AdamScalars MakeAdamScalars(double lr, double beta1_pow, double beta2_pow,
                                                 double epsilon, double decay_coeff) {
  AdamScalars s;
  s.lr_t = lr * OptimizerSqrt(1 - beta2_pow) / (1 - beta1_pow);
  s.epsilon_t = epsilon * OptimizerSqrt(1 - beta2_pow);
  s.keep = 1 - lr * decay_coeff;
  return s;
}

// adam / adamw: m1' = b1 m1 + (1 - b1) g; m2' = b2 m2 + (1 - b2) g^2;
// p' = p keep - lr_t m1' / (sqrt(m2') + epsilon_t). Returns p' and stores the moments.
template <typename T>
struct AdamUpdate {
  T beta1, beta2, lr_t, epsilon_t, keep;
  PD_HOSTDEVICE T operator()(T p, T g, T m1, T m2, T* m1_next, T* m2_next) const {
    const T first = beta1 * m1 + (T(1) - beta1) * g;
    const T second = beta2 * m2 + (T(1) - beta2) * g * g;
    *m1_next = first;
    *m2_next = second;
    return p * keep - lr_t * first / (OptimizerSqrt(second) + epsilon_t);
  }
};

// lamb's first pass: the moments as in Adam, and the update direction
// r = (m1' / (1 - beta1^t)) / (sqrt(m2' / (1 - beta2^t)) + epsilon) + weight_decay p, which
// it returns. bias1 = 1 - beta1^t, bias2 = 1 - beta2^t.
template <typename T>
struct LambDirection {
  T beta1, beta2, bias1, bias2, epsilon, weight_decay;
  PD_HOSTDEVICE T operator()(T p, T g, T m1, T m2, T* m1_next, T* m2_next) const {
    const T a = beta1 * m1 + (T(1) - beta1) * g;
    const T b = beta2 * m2 + (T(1) - beta2) * g * g;
    *m1_next = a;
    *m2_next = b;
    return (a / bias1) / (OptimizerSqrt(b / bias2) + epsilon) + weight_decay * p;
  }
};

// lamb's trust ratio ||p|| / ||r|| when adapting (weight_decay != 0 or always_adapt) and both
// norms are positive, else 1; p' = p - lr trust r.
template <typename T>
PD_HOSTDEVICE inline T LambTrust(T p_norm, T r_norm, bool adapt) {
  return adapt && p_norm > T(0) && r_norm > T(0) ? p_norm / r_norm : T(1);
}

// rmsprop: ms' = rho ms + (1 - rho) g^2; centered: mg' = rho mg + (1 - rho) g and
// denominator sqrt(ms' - mg'^2 + epsilon), else sqrt(ms' + epsilon); m' = mu m + lr g / denom;
// p' = p - m'. Returns p'; mg_next is written only when centered.
template <typename T>
struct RmspropUpdate {
  T lr, epsilon, rho, mu;
  bool centered;
  PD_HOSTDEVICE T operator()(T p, T g, T ms, T mg, T m, T* ms_next, T* mg_next,
                             T* m_next) const {
    const T square = rho * ms + (T(1) - rho) * g * g;
    T denom;
    if (centered) {
      const T mean = rho * mg + (T(1) - rho) * g;
      denom = OptimizerSqrt(square - mean * mean + epsilon);
      *mg_next = mean;
    } else {
      denom = OptimizerSqrt(square + epsilon);
    }
    const T moment = mu * m + lr * g / denom;
    *ms_next = square;
    *m_next = moment;
    return p - moment;
  }
};

// adagrad: m' = m + g^2; p' = p - lr g / (sqrt(m') + epsilon). Returns p', stores m'.
template <typename T>
struct AdagradUpdate {
  T lr, epsilon;
  PD_HOSTDEVICE T operator()(T p, T g, T m, T* m_next) const {
    const T moment = m + g * g;
    *m_next = moment;
    return p - lr * g / (OptimizerSqrt(moment) + epsilon);
  }
};

// adamax: m' = b1 m + (1 - b1) g; u' = max(b2 u + epsilon, |g|); p' = p - lr_t m' / u' with
// lr_t = lr / (1 - beta1^t) (the caller's). Returns p', stores m' and u'.
template <typename T>
struct AdamaxUpdate {
  T beta1, beta2, epsilon, lr_t;
  PD_HOSTDEVICE T operator()(T p, T g, T m, T u, T* m_next, T* u_next) const {
    const T first = beta1 * m + (T(1) - beta1) * g;
    const T decayed = beta2 * u + epsilon;
    const T magnitude = g < T(0) ? -g : g;
    const T norm = decayed > magnitude ? decayed : magnitude;
    *m_next = first;
    *u_next = norm;
    return p - lr_t * (first / norm);
  }
};

// adadelta: s' = rho s + (1 - rho) g^2; d = -sqrt((x + epsilon) / (s' + epsilon)) g;
// x' = rho x + (1 - rho) d^2; p' = p + lr d. Returns p', stores s' and x'.
template <typename T>
struct AdadeltaUpdate {
  T rho, epsilon, lr;
  PD_HOSTDEVICE T operator()(T p, T g, T s, T x, T* s_next, T* x_next) const {
    const T square = rho * s + (T(1) - rho) * g * g;
    const T delta = -OptimizerSqrt((x + epsilon) / (square + epsilon)) * g;
    *s_next = square;
    *x_next = rho * x + (T(1) - rho) * delta * delta;
    return p + lr * delta;
  }
};

}  // namespace funcs
}  // namespace phi
