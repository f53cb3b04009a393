// max_grad and min_grad on GPU: impl/reduce_max_min_grad_kernel_impl.h's kernels, routing
// Out@GRAD to X's extreme positions in one elementwise launch.
#include "paddle/phi/kernels/reduce_max_min_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/impl/reduce_max_min_grad_kernel_impl.h"

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

}  // namespace

template <typename T>
void RouteToExtremes(const GPUContext& ctx, const funcs::ReducePlan& plan, const T* x,
                     const T* out, const T* dout, T* dx) {
  using DT = gpu::DeviceType<T>;
  const int64_t n = plan.in_numel;
  RouteToExtremeKernel<<<gpu::BlocksFor(ctx, n), gpu::kThreads, 0, ctx.stream()>>>(
      reinterpret_cast<const DT*>(x), reinterpret_cast<const DT*>(out),
      reinterpret_cast<const DT*>(dout), gpu::MakeReduceOutputIndex(plan),
      reinterpret_cast<DT*>(dx), n);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(max_grad, GPU, phi::MaxGradKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(min_grad, GPU, phi::MinGradKernel, float, double, phi::float16,
                   phi::bfloat16);
