#include "paddle/phi/kernels/reduce_max_min_grad_kernel.h"

#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/reduce.h"

namespace phi {
namespace {

// dx[i] = dout[o] where x[i] == out[o] for i's output element o, else 0.
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
  const T* v = x_in.data<T>();
  const T* y = out_in.data<T>();
  const T* g = d_in.data<T>();
  const int64_t len = plan.extents.back();
  const int64_t out_step = plan.out_strides.back();
  funcs::ForEachReduceRow(plan, [&](int64_t from, int64_t to) {
    for (int64_t j = 0; j < len; ++j) {
      const int64_t o = to + j * out_step;
      result[from + j] = v[from + j] == y[o] ? g[o] : T(0);
    }
  });
}

}  // namespace

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

PD_REGISTER_KERNEL(max_grad, CPU, phi::MaxGradKernel, float, double);
PD_REGISTER_KERNEL(min_grad, CPU, phi::MinGradKernel, float, double);
