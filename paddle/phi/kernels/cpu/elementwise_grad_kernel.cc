#include "paddle/phi/kernels/elementwise_grad_kernel.h"

#include <initializer_list>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast.h"

namespace phi {
namespace {

// The walk over dout, after checking dout (and `out`, when given) against the broadcast of x
// and y.
funcs::BroadcastPlan PlanGrad(const DenseTensor& x, const DenseTensor& y, const DenseTensor& dout,
                              const DenseTensor* out, int axis) {
  funcs::BroadcastShapes shapes = funcs::AlignBroadcastShapes(x.dims(), y.dims(), axis);
  DDim out_dims(shapes.out);
  PD_CHECK(dout.numel() == out_dims.numel(), InvalidArgument, "expected Out@GRAD to have dims ",
           out_dims, " (X ", x.dims(), " broadcast with Y ", y.dims(), ", axis ", axis,
           "), but got ", dout.dims());
  if (out != nullptr) {
    PD_CHECK(out->numel() == out_dims.numel(), InvalidArgument, "expected Out to have dims ",
             out_dims, " (X ", x.dims(), " broadcast with Y ", y.dims(), ", axis ", axis,
             "), but got ", out->dims());
  }
  return funcs::MakeBroadcastPlan(shapes);
}

// Allocates a wanted gradient with its own storage (never over one of `inputs`, which are
// read while it is written) and returns its data; nullptr when the gradient is not wanted.
// `in_place_ok` names an input the gradient may keep sharing (a pure copy of it, as add's
// X@GRAD of an equal-shape Out@GRAD: the inplace pass makes them one variable).
template <typename T, typename Context>
T* AllocGrad(const Context& dev_ctx, DenseTensor* grad, const DenseTensor& like, const char* name,
             std::initializer_list<const DenseTensor*> inputs,
             const DenseTensor* in_place_ok = nullptr) {
  if (grad == nullptr) return nullptr;
  PD_CHECK(grad->numel() == like.numel(), InvalidArgument, "expected ", name, " to have dims ",
           like.dims(), ", but got ", grad->dims());
  if (in_place_ok != nullptr && grad->Holder() != nullptr &&
      grad->Holder() == in_place_ok->Holder() && grad->numel() == in_place_ok->numel())
    return dev_ctx.template Alloc<T>(grad);
  for (const DenseTensor* input : inputs) {
    if (grad->Holder() != nullptr && grad->Holder() == input->Holder()) {
      DDim dims = grad->dims();
      grad->clear();
      grad->Resize(dims);
    }
  }
  return dev_ctx.template Alloc<T>(grad);
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
