// max_grad and min_grad written once for both backends: Out@GRAD goes to every position of X
// equal to its reduced value (ties all get it, as in Paddle), 0 elsewhere. RouteToExtremes, that
// elementwise step, is each backend's own (cpu/ and gpu/reduce_max_min_grad_kernel).
#pragma once

#include <vector>

#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/reduce_max_min_grad_kernel.h"

namespace phi {
class CPUContext;
class GPUContext;

// dx[i] = dout[o] where x[i] == out[o] for i's output element o (per plan), else 0.
template <typename T>
void RouteToExtremes(const CPUContext& ctx, const funcs::ReducePlan& plan, const T* x,
                     const T* out, const T* dout, T* dx);
template <typename T>
void RouteToExtremes(const GPUContext& ctx, const funcs::ReducePlan& plan, const T* x,
                     const T* out, const T* dout, T* dx);

template <typename T, typename Context>
void ReduceExtremeGrad(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                       const DenseTensor& dout, const std::vector<int64_t>& dims,
                       bool reduce_all, const char* op, DenseTensor* dx) {
  if (dx == nullptr) return;
  const std::vector<int> axes = funcs::ReduceAxes(x.dims(), dims, reduce_all);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(x.dims(), axes);
  PD_CHECK(out.numel() == plan.out_numel && dout.numel() == plan.out_numel, InvalidArgument,
           "expected ", op, "'s Out and Out@GRAD to hold ", plan.out_numel, " elements (X ",
           x.dims(), " reduced), but got ", out.dims(), " and ", dout.dims());
  PD_CHECK(dx->numel() == x.numel(), InvalidArgument, "expected ", op, "'s X@GRAD to have X's "
           "dims ", x.dims(), ", but got ", dx->dims());
  const DenseTensor x_in = x, out_in = out, d_in = dout;
  T* result = funcs::AllocUnaliased<T>(dev_ctx, dx, {&x_in, &out_in, &d_in});
  if (plan.in_numel == 0) return;
  RouteToExtremes(dev_ctx, plan, x_in.data<T>(), out_in.data<T>(), d_in.data<T>(), result);
}

template <typename T, typename Context>
void MaxGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                   const DenseTensor& dout, const std::vector<int64_t>& dims, bool keep_dim,
                   bool reduce_all, DenseTensor* dx) {
  ReduceExtremeGrad<T>(dev_ctx, x, out, dout, dims, reduce_all, "reduce_max_grad", dx);
}

template <typename T, typename Context>
void MinGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                   const DenseTensor& dout, const std::vector<int64_t>& dims, bool keep_dim,
                   bool reduce_all, DenseTensor* dx) {
  ReduceExtremeGrad<T>(dev_ctx, x, out, dout, dims, reduce_all, "reduce_min_grad", dx);
}

}  // namespace phi
