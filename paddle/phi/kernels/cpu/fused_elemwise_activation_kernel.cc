#include "paddle/phi/kernels/fused_elemwise_activation_kernel.h"

#include <vector>

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/broadcast.h"
#include "paddle/phi/kernels/funcs/fused_activation.h"

namespace phi {
namespace {

funcs::BroadcastPlan PlanFor(const DenseTensor& x, const DenseTensor& y, int axis) {
  return funcs::MakeBroadcastPlan(funcs::AlignBroadcastShapes(x.dims(), y.dims(), axis));
}

// Calls fn(out_index, x_index, y_index) over the broadcast output (flat when shapes match, as
// elementwise_add does).
template <typename Fn>
void ForEachAdd(const DenseTensor& x, const DenseTensor& y, int axis, Fn&& fn) {
  if (x.dims() == y.dims()) {
    for (int64_t i = 0; i < x.numel(); ++i) fn(i, i, i);
    return;
  }
  funcs::ForEachBroadcastIndex(PlanFor(x, y, axis), fn);
}

}  // namespace

template <typename T, typename Context>
void FusedElemwiseAddActivationKernel(const Context& dev_ctx, const DenseTensor& x,
                                      const DenseTensor& y,
                                      const std::vector<std::string>& functor_list, int axis,
                                      bool save_intermediate_out, DenseTensor* out,
                                      DenseTensor* intermediate_out) {
  (void)save_intermediate_out;  // IntermediateOut is written whenever the program asks for it
  const funcs::ElemwiseAddActFunctors f = funcs::ParseElemwiseAddActFunctors(functor_list);
  const DenseTensor x_in = x;  // keep the inputs alive should an output alias one
  const DenseTensor y_in = y;
  const DDim out_dims = funcs::BroadcastOutDims(x_in.dims(), y_in.dims(), axis);
  out->Resize(out_dims);
  const T* a = x_in.data<T>();
  const T* b = y_in.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  if (f.act_outside) {
    T* inter = nullptr;
    if (intermediate_out != nullptr) {
      intermediate_out->Resize(out_dims);
      inter = dev_ctx.template Alloc<T>(intermediate_out);
    }
    ForEachAdd(x_in, y_in, axis, [&](int64_t o, int64_t xi, int64_t yi) {
      const T sum = a[xi] + b[yi];
      if (inter != nullptr) inter[o] = sum;
      result[o] = funcs::ApplyFusedActivation(f.act, sum);
    });
    return;
  }
  // X + act(Y): the activation runs once per element of Y, not per broadcast copy.
  DenseTensor act_y(y_in.dtype(), y_in.dims());
  DenseTensor* act_target = intermediate_out != nullptr ? intermediate_out : &act_y;
  act_target->Resize(y_in.dims());
  T* act = dev_ctx.template Alloc<T>(act_target);
  for (int64_t i = 0; i < y_in.numel(); ++i) act[i] = funcs::ApplyFusedActivation(f.act, b[i]);
  ForEachAdd(x_in, y_in, axis,
             [&](int64_t o, int64_t xi, int64_t yi) { result[o] = a[xi] + act[yi]; });
}

template <typename T, typename Context>
void FusedElemwiseAddActivationGradKernel(const Context& dev_ctx, const DenseTensor& x,
                                          const DenseTensor& y, const DenseTensor& out,
                                          const DenseTensor* intermediate_out,
                                          const DenseTensor& out_grad,
                                          const std::vector<std::string>& functor_list, int axis,
                                          DenseTensor* x_grad, DenseTensor* y_grad) {
  const funcs::ElemwiseAddActFunctors f = funcs::ParseElemwiseAddActFunctors(functor_list);
  const funcs::BroadcastPlan plan = PlanFor(x, y, axis);
  PD_CHECK(out_grad.numel() == plan.numel && out.numel() == plan.numel, InvalidArgument,
           "expected fused_elemwise_add_activation_grad's Out and Out@GRAD to have X ", x.dims(),
           " broadcast with Y ", y.dims(), " (axis ", axis, "), but got Out ", out.dims(),
           " and Out@GRAD ", out_grad.dims());
  const DenseTensor out_in = out;  // gradients get fresh storage; keep the inputs alive
  const DenseTensor dout_in = out_grad;
  const T* d = dout_in.data<T>();
  if (f.act_outside) {
    // d(X + Y) = act'(Out) * dOut, then summed back to each input like elementwise_add_grad.
    const T* o = out_in.data<T>();
    std::vector<T> d_sum(plan.numel);
    for (int64_t i = 0; i < plan.numel; ++i)
      d_sum[i] = funcs::FusedActivationGradFromOut(f.act, o[i], d[i]);
    if (x_grad != nullptr) {
      x_grad->Resize(x.dims());
      funcs::ReduceGradToInput(plan, true, d_sum.data(), dev_ctx.template Alloc<T>(x_grad),
                               x.numel());
    }
    if (y_grad != nullptr) {
      y_grad->Resize(y.dims());
      funcs::ReduceGradToInput(plan, false, d_sum.data(), dev_ctx.template Alloc<T>(y_grad),
                               y.numel());
    }
    return;
  }
  // X + act(Y): dX sums dOut; dY = act'(act(Y)) * (dOut summed to Y's shape).
  if (x_grad != nullptr) {
    x_grad->Resize(x.dims());
    funcs::ReduceGradToInput(plan, true, d, dev_ctx.template Alloc<T>(x_grad), x.numel());
  }
  if (y_grad == nullptr) return;
  const int64_t n = y.numel();
  std::vector<T> act_y(n);
  if (intermediate_out != nullptr && intermediate_out->numel() == n) {
    const T* saved = intermediate_out->data<T>();
    for (int64_t i = 0; i < n; ++i) act_y[i] = saved[i];
  } else {
    const T* b = y.data<T>();
    for (int64_t i = 0; i < n; ++i) act_y[i] = funcs::ApplyFusedActivation(f.act, b[i]);
  }
  std::vector<T> d_act(n);
  funcs::ReduceGradToInput(plan, false, d, d_act.data(), n);
  y_grad->Resize(y.dims());
  T* gy = dev_ctx.template Alloc<T>(y_grad);
  for (int64_t i = 0; i < n; ++i)
    gy[i] = funcs::FusedActivationGradFromOut(f.act, act_y[i], d_act[i]);
}

}  // namespace phi

PD_REGISTER_KERNEL(fused_elemwise_add_activation, CPU, phi::FusedElemwiseAddActivationKernel, float,
                   double);
PD_REGISTER_KERNEL(fused_elemwise_add_activation_grad, CPU,
                   phi::FusedElemwiseAddActivationGradKernel, float, double);
