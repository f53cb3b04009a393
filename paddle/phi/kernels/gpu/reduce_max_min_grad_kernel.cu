// max_grad and min_grad on GPU: Out@GRAD goes to every position of X equal to its reduced value
// (ties all get it, as in Paddle), 0 elsewhere; one elementwise launch.
#include "paddle/phi/kernels/reduce_max_min_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/reduce.h"

namespace phi {
namespace {

template <typename DT>
__global__ void RouteToExtremeKernel(const DT* x, const DT* out, const DT* dout,
                                     gpu::ReduceOutputIndex index, DT* dx, int64_t n) {
  PD_GPU_LOOP(i, n) {
    const int64_t o = gpu::OutputOf(index, i);
    dx[i] = gpu::ToAcc(x[i]) == gpu::ToAcc(out[o]) ? dout[o] : gpu::ConvertTo<DT>(0.0f);
  }
}

template <typename T>
void ReduceExtremeGrad(const GPUContext& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                       const DenseTensor& dout, const std::vector<int64_t>& dims,
                       bool reduce_all, const char* op, DenseTensor* dx) {
  using DT = gpu::DeviceType<T>;
  if (dx == nullptr) return;
  const std::vector<int> axes = funcs::ReduceAxes(x.dims(), dims, reduce_all);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(x.dims(), axes);
  PD_CHECK(out.numel() == plan.out_numel && dout.numel() == plan.out_numel, InvalidArgument,
           "expected ", op, "'s Out and Out@GRAD to hold ", plan.out_numel, " elements (X ",
           x.dims(), " reduced), but got ", out.dims(), " and ", dout.dims());
  PD_CHECK(dx->numel() == x.numel(), InvalidArgument, "expected ", op, "'s X@GRAD to have X's "
           "dims ", x.dims(), ", but got ", dx->dims());
  const DenseTensor x_in = x, out_in = out, d_in = dout;
  DT* result =
      reinterpret_cast<DT*>(funcs::AllocUnaliased<T>(dev_ctx, dx, {&x_in, &out_in, &d_in}));
  const int64_t n = plan.in_numel;
  if (n == 0) return;
  RouteToExtremeKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(x_in), gpu::DeviceData<T>(out_in), gpu::DeviceData<T>(d_in),
      gpu::MakeReduceOutputIndex(plan), result, n);
  PD_CUDA_CHECK_LAUNCH();
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

PD_REGISTER_KERNEL(max_grad, GPU, phi::MaxGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(min_grad, GPU, phi::MinGradKernel, float, double, phi::float16,
                   phi::bfloat16);
