#include "paddle/phi/kernels/elementwise_grad_kernel.h"

#include <initializer_list>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/impl/elementwise_grad_kernel_impl.h"

namespace phi {
namespace {

// The walk over dout, after checking dout (and `out`, when given) against the broadcast of x
// and y.
funcs::BroadcastPlan PlanGrad(const DenseTensor& x, const DenseTensor& y, const DenseTensor& dout,
                              const DenseTensor* out, int axis) {
  return funcs::MakeBroadcastPlan(CheckedGradShapes(x, y, dout, out, axis));
}

template <typename T>
void FillZero(T* data, int64_t n) {
  for (int64_t i = 0; i < n; ++i) data[i] = T(0);
}

}  // namespace

// Inputs are copied by value (sharing storage) so they stay readable if a gradient aliased
// one of them and was given fresh storage.

template <typename T, typename Context>
void AddGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                   const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  const DenseTensor d_in = dout;
  funcs::BroadcastPlan plan = PlanGrad(x, y, d_in, nullptr, axis);
  const T* d = d_in.data<T>();
  // dy first: dx may be dout itself (in place), which its computation leaves unchanged.
  if (T* gy = AllocGrad<T>(dev_ctx, dy, y, "Y@GRAD", {&d_in})) {
    funcs::ReduceGradToInput(plan, false, d, gy, y.numel());
  }
  if (T* gx = AllocGrad<T>(dev_ctx, dx, x, "X@GRAD", {&d_in}, &d_in)) {
    funcs::ReduceGradToInput(plan, true, d, gx, x.numel());
  }
}

template <typename T, typename Context>
void SubtractGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                        const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  const DenseTensor d_in = dout;
  funcs::BroadcastPlan plan = PlanGrad(x, y, d_in, nullptr, axis);
  const T* d = d_in.data<T>();
  if (T* gy = AllocGrad<T>(dev_ctx, dy, y, "Y@GRAD", {&d_in})) {
    funcs::ReduceGradToInput(plan, false, d, gy, y.numel());
    const int64_t n = y.numel();
    for (int64_t i = 0; i < n; ++i) gy[i] = -gy[i];
  }
  if (T* gx = AllocGrad<T>(dev_ctx, dx, x, "X@GRAD", {&d_in}, &d_in)) {
    funcs::ReduceGradToInput(plan, true, d, gx, x.numel());
  }
}

template <typename T, typename Context>
void MultiplyGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                        const DenseTensor& dout, int axis, DenseTensor* dx, DenseTensor* dy) {
  const DenseTensor x_in = x;
  const DenseTensor y_in = y;
  const DenseTensor d_in = dout;
  funcs::BroadcastPlan plan = PlanGrad(x_in, y_in, d_in, nullptr, axis);
  const T* a = x_in.data<T>();
  const T* b = y_in.data<T>();
  const T* d = d_in.data<T>();
  if (T* gx = AllocGrad<T>(dev_ctx, dx, x_in, "X@GRAD", {&x_in, &y_in, &d_in})) {
    FillZero(gx, x_in.numel());
    funcs::ForEachBroadcastIndex(
        plan, [&](int64_t o, int64_t xi, int64_t yi) { gx[xi] += d[o] * b[yi]; });
  }
  if (T* gy = AllocGrad<T>(dev_ctx, dy, y_in, "Y@GRAD", {&x_in, &y_in, &d_in})) {
    FillZero(gy, y_in.numel());
    funcs::ForEachBroadcastIndex(
        plan, [&](int64_t o, int64_t xi, int64_t yi) { gy[yi] += d[o] * a[xi]; });
  }
}

template <typename T, typename Context>
void DivideGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                      const DenseTensor& out, const DenseTensor& dout, int axis, DenseTensor* dx,
                      DenseTensor* dy) {
  const DenseTensor y_in = y;
  const DenseTensor out_in = out;
  const DenseTensor d_in = dout;
  funcs::BroadcastPlan plan = PlanGrad(x, y_in, d_in, &out_in, axis);
  const T* b = y_in.data<T>();
  const T* d = d_in.data<T>();
  if (T* gx = AllocGrad<T>(dev_ctx, dx, x, "X@GRAD", {&y_in, &out_in, &d_in})) {
    FillZero(gx, x.numel());
    funcs::ForEachBroadcastIndex(
        plan, [&](int64_t o, int64_t xi, int64_t yi) { gx[xi] += d[o] / b[yi]; });
  }
  if (T* gy = AllocGrad<T>(dev_ctx, dy, y_in, "Y@GRAD", {&y_in, &out_in, &d_in})) {
    const T* c = out_in.data<T>();
    FillZero(gy, y_in.numel());
    funcs::ForEachBroadcastIndex(
        plan, [&](int64_t o, int64_t, int64_t yi) { gy[yi] -= d[o] * c[o] / b[yi]; });
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(add_grad, CPU, phi::AddGradKernel, float, double);
PD_REGISTER_KERNEL(subtract_grad, CPU, phi::SubtractGradKernel, float, double);
PD_REGISTER_KERNEL(multiply_grad, CPU, phi::MultiplyGradKernel, float, double);
PD_REGISTER_KERNEL(divide_grad, CPU, phi::DivideGradKernel, float, double);
