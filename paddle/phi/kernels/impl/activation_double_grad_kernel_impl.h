// Double and triple grads of the unary activations written once for both backends: each is
// an elementwise rule (a PD_HOSTDEVICE lambda) run by funcs::ForEachIndex, a loop on the CPU and
// one thread per element on the GPU.
#pragma once

#include <cmath>

#include "paddle/phi/core/hostdevice.h"
#include "paddle/phi/kernels/activation_double_grad_kernel.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"

namespace phi {
namespace funcs {

// For each element: grad_a[i] = da(a, dout, ddx) and ddout[i] = dd(a, dout, ddx), each only
// when wanted. Inputs are held by value so they stay readable if an output shares storage.
template <typename T, typename Context, typename DA, typename DD>
void DoubleGrad(const Context& dev_ctx, const char* op, const DenseTensor& a,
                const DenseTensor* dout, const DenseTensor& ddx, DenseTensor* grad_a,
                DenseTensor* ddout, DA da, DD dd) {
  const int64_t n = a.numel();
  PD_CHECK(ddx.numel() == n && (dout == nullptr || dout->numel() == n), InvalidArgument,
           "expected ", op, "'s DDX and DOut to have the dims ", a.dims(),
           " of its saved input, but got ", ddx.dims(), " and ",
           dout == nullptr ? a.dims() : dout->dims());
  const DenseTensor a_in = a, ddx_in = ddx;
  const DenseTensor dout_in = dout != nullptr ? *dout : DenseTensor();
  const T* av = a_in.data<T>();
  const T* gv = dout != nullptr ? dout_in.data<T>() : nullptr;
  const T* ddv = ddx_in.data<T>();
  T* ga = nullptr;
  T* ddo = nullptr;
  if (grad_a != nullptr) {
    grad_a->Resize(a.dims());
    ga = dev_ctx.template Alloc<T>(grad_a);
  }
  if (ddout != nullptr) {
    ddout->Resize(a.dims());
    ddo = dev_ctx.template Alloc<T>(ddout);
  }
  ForEachIndex(dev_ctx, n, [=] PD_HOSTDEVICE(int64_t i) {
    const T g = gv != nullptr ? gv[i] : T(0);
    if (ga != nullptr) ga[i] = da(av[i], g, ddv[i]);
    if (ddo != nullptr) ddo[i] = dd(av[i], g, ddv[i]);
  });
}

// The three gradients of a unary double grad op at each element: fn(out, dout, ddx, a, b, &d_out,
// &d_dout, &d_ddx), with a / b the incoming gradients of DOutNew / DDOut (0 when absent).
template <typename T, typename Context, typename Fn>
void TripleGrad(const Context& dev_ctx, const char* op, const DenseTensor& out,
                const DenseTensor& ddx, const DenseTensor& dout, const DenseTensor* d_ddout,
                const DenseTensor* d_dout_new, DenseTensor* d_out_new, DenseTensor* d_dout,
                DenseTensor* d_ddx, Fn fn) {
  const int64_t n = out.numel();
  for (const DenseTensor* t : {&ddx, &dout, d_ddout, d_dout_new}) {
    PD_CHECK(t == nullptr || t->numel() == n, InvalidArgument, "expected ", op,
             "'s inputs to have the dims ", out.dims(), " of Out, but got ", t->dims());
  }
  // Inputs by value: they stay readable if an output shares their storage.
  const DenseTensor out_in = out, ddx_in = ddx, dout_in = dout;
  const DenseTensor b_in = d_ddout != nullptr ? *d_ddout : DenseTensor();
  const DenseTensor a_in = d_dout_new != nullptr ? *d_dout_new : DenseTensor();
  const T* y = out_in.data<T>();
  const T* dd = ddx_in.data<T>();
  const T* g = dout_in.data<T>();
  const T* av = d_dout_new != nullptr ? a_in.data<T>() : nullptr;
  const T* bv = d_ddout != nullptr ? b_in.data<T>() : nullptr;
  auto alloc = [&](DenseTensor* t) -> T* {
    if (t == nullptr) return nullptr;
    t->Resize(out_in.dims());
    return dev_ctx.template Alloc<T>(t);
  };
  T* o1 = alloc(d_out_new);
  T* o2 = alloc(d_dout);
  T* o3 = alloc(d_ddx);
  ForEachIndex(dev_ctx, n, [=] PD_HOSTDEVICE(int64_t i) {
    T r1, r2, r3;
    fn(y[i], g[i], dd[i], av != nullptr ? av[i] : T(0), bv != nullptr ? bv[i] : T(0), &r1, &r2,
       &r3);
    if (o1 != nullptr) o1[i] = r1;
    if (o2 != nullptr) o2[i] = r2;
    if (o3 != nullptr) o3[i] = r3;
  });
}

}  // namespace funcs

template <typename T, typename Context>
void ReluDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& ddx,
                          DenseTensor* ddout) {
  funcs::DoubleGrad<T>(
      dev_ctx, "relu_grad_grad", out, nullptr, ddx, nullptr, ddout,
      [] PD_HOSTDEVICE(T, T, T) { return T(0); },
      [] PD_HOSTDEVICE(T y, T, T dd) { return y > T(0) ? dd : T(0); });
}

template <typename T, typename Context>
void TanhDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                          const DenseTensor& ddx, DenseTensor* dout_new, DenseTensor* ddout) {
  funcs::DoubleGrad<T>(
      dev_ctx, "tanh_grad_grad", out, &dout, ddx, dout_new, ddout,
      [] PD_HOSTDEVICE(T y, T g, T dd) { return T(-2) * y * g * dd; },
      [] PD_HOSTDEVICE(T y, T, T dd) { return dd * (T(1) - y * y); });
}

template <typename T, typename Context>
void SigmoidDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out,
                             const DenseTensor& dout, const DenseTensor& ddx, DenseTensor* dout_new,
                             DenseTensor* ddout) {
  funcs::DoubleGrad<T>(
      dev_ctx, "sigmoid_grad_grad", out, &dout, ddx, dout_new, ddout,
      [] PD_HOSTDEVICE(T y, T g, T dd) { return g * dd * (T(1) - T(2) * y); },
      [] PD_HOSTDEVICE(T y, T, T dd) { return dd * y * (T(1) - y); });
}

template <typename T, typename Context>
void SquareDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                            const DenseTensor& ddx, DenseTensor* dx, DenseTensor* ddout) {
  funcs::DoubleGrad<T>(
      dev_ctx, "square_grad_grad", x, &dout, ddx, dx, ddout,
      [] PD_HOSTDEVICE(T, T g, T dd) { return T(2) * g * dd; },
      [] PD_HOSTDEVICE(T a, T, T dd) { return T(2) * a * dd; });
}

template <typename T, typename Context>
void LogDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         const DenseTensor& ddx, DenseTensor* dx, DenseTensor* ddout) {
  funcs::DoubleGrad<T>(
      dev_ctx, "log_grad_grad", x, &dout, ddx, dx, ddout,
      [] PD_HOSTDEVICE(T a, T g, T dd) { return -g * dd / (a * a); },
      [] PD_HOSTDEVICE(T a, T, T dd) { return dd / a; });
}

template <typename T, typename Context>
void ExpDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dout,
                         const DenseTensor& ddx, DenseTensor* dout_new, DenseTensor* ddout) {
  funcs::DoubleGrad<T>(
      dev_ctx, "exp_double_grad", out, &dout, ddx, dout_new, ddout,
      [] PD_HOSTDEVICE(T, T g, T dd) { return g * dd; },
      [] PD_HOSTDEVICE(T y, T, T dd) { return dd * y; });
}

template <typename T, typename Context>
void SqrtDoubleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& dx,
                          const DenseTensor& ddx, DenseTensor* dout_new, DenseTensor* ddout) {
  funcs::DoubleGrad<T>(
      dev_ctx, "sqrt_grad_grad", out, &dx, ddx, dout_new, ddout,
      [] PD_HOSTDEVICE(T y, T g, T dd) { return -g * dd / y; },
      [] PD_HOSTDEVICE(T y, T, T dd) { return dd / (T(2) * y); });
}

template <typename T, typename Context>
void LeakyReluDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& ddx,
                               float alpha, DenseTensor* ddout) {
  const T a = static_cast<T>(alpha);
  funcs::DoubleGrad<T>(
      dev_ctx, "leaky_relu_grad_grad", x, nullptr, ddx, nullptr, ddout,
      [] PD_HOSTDEVICE(T, T, T) { return T(0); },
      [a] PD_HOSTDEVICE(T v, T, T dd) { return v > T(0) ? dd : a * dd; });
}

template <typename T, typename Context>
void PowDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                         const DenseTensor& ddx, double factor, DenseTensor* dx,
                         DenseTensor* ddout) {
  const T f = static_cast<T>(factor);
  funcs::DoubleGrad<T>(
      dev_ctx, "pow_double_grad", x, &dout, ddx, dx, ddout,
      [f] PD_HOSTDEVICE(T v, T g, T dd) { return g * dd * f * (f - T(1)) * std::pow(v, f - T(2)); },
      [f] PD_HOSTDEVICE(T v, T, T dd) { return dd * f * std::pow(v, f - T(1)); });
}

template <typename T, typename Context>
void AbsDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& ddx,
                         DenseTensor* ddout) {
  funcs::DoubleGrad<T>(
      dev_ctx, "abs_grad_grad", x, nullptr, ddx, nullptr, ddout,
      [] PD_HOSTDEVICE(T, T, T) { return T(0); },
      [] PD_HOSTDEVICE(T v, T, T dd) { return v > T(0) ? dd : (v < T(0) ? -dd : T(0)); });
}

template <typename T, typename Context>
void SoftplusDoubleGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                              const DenseTensor& ddx, float beta, float threshold, DenseTensor* dx,
                              DenseTensor* ddout) {
  const T b = static_cast<T>(beta), limit = static_cast<T>(threshold);
  auto slope = [b, limit] PD_HOSTDEVICE(T v) {
    return b * v > limit ? T(1) : T(1) / (T(1) + std::exp(-b * v));
  };
  funcs::DoubleGrad<T>(
      dev_ctx, "softplus_double_grad", x, &dout, ddx, dx, ddout,
      [b, limit, slope] PD_HOSTDEVICE(T v, T g, T dd) {
        const T s = slope(v);
        return b * v > limit ? T(0) : g * dd * b * s * (T(1) - s);
      },
      [slope] PD_HOSTDEVICE(T v, T, T dd) { return dd * slope(v); });
}

template <typename T, typename Context>
void TanhTripleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& ddx,
                          const DenseTensor& dout, const DenseTensor* d_ddout,
                          const DenseTensor* d_dout_new, DenseTensor* d_out_new,
                          DenseTensor* d_dout, DenseTensor* d_ddx) {
  funcs::TripleGrad<T>(
      dev_ctx, "tanh_triple_grad", out, ddx, dout, d_ddout, d_dout_new, d_out_new, d_dout, d_ddx,
      [] PD_HOSTDEVICE(T y, T g, T dd, T a, T b, T* r1, T* r2, T* r3) {
        *r1 = T(-2) * dd * (a * g + b * y);
        *r2 = T(-2) * a * y * dd;
        *r3 = T(-2) * a * y * g + b * (T(1) - y * y);
      });
}

template <typename T, typename Context>
void SigmoidTripleGradKernel(const Context& dev_ctx, const DenseTensor& out, const DenseTensor& ddx,
                             const DenseTensor& dout, const DenseTensor* d_ddout,
                             const DenseTensor* d_dout_new, DenseTensor* d_out_new,
                             DenseTensor* d_dout, DenseTensor* d_ddx) {
  funcs::TripleGrad<T>(
      dev_ctx, "sigmoid_triple_grad", out, ddx, dout, d_ddout, d_dout_new, d_out_new, d_dout, d_ddx,
      [] PD_HOSTDEVICE(T y, T g, T dd, T a, T b, T* r1, T* r2, T* r3) {
        *r1 = dd * (b * (T(1) - T(2) * y) - T(2) * a * g);
        *r2 = a * dd * (T(1) - T(2) * y);
        *r3 = a * g * (T(1) - T(2) * y) + b * y * (T(1) - y);
      });
}

}  // namespace phi

