// sum_grad and mean_grad on GPU: every element of X@GRAD is its output element's Out@GRAD
// (divided by the number of reduced elements for mean), one elementwise launch.
#include "paddle/phi/kernels/reduce_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/gpu/reduce.cuh"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/impl/reduce_grad_kernel_impl.h"

namespace phi {

namespace {

template <typename DT>
__global__ void BroadcastBackKernel(const DT* dout, gpu::ReduceOutputIndex index,
                                    gpu::AccType<DT> scale, DT* dx, int64_t n) {
  PD_GPU_LOOP(i, n) {
    dx[i] = gpu::ConvertTo<DT>(gpu::ToAcc(dout[gpu::OutputOf(index, i)]) * scale);
  }
}

}  // namespace

// X is only read for its dims (its data may be absent).
template <typename T>
void ReduceGrad(const GPUContext& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                const std::vector<int64_t>& dims, bool reduce_all, bool average,
                DenseTensor* dx) {
  using DT = gpu::DeviceType<T>;
  using Acc = gpu::AccType<DT>;
  const std::vector<int> axes = funcs::ReduceAxes(x.dims(), dims, reduce_all);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(x.dims(), axes);
  PD_CHECK(dout.numel() == plan.out_numel, InvalidArgument, "expected Out@GRAD to hold ",
           plan.out_numel, " elements (X ", x.dims(), " reduced), but got dims ", dout.dims());
  const DenseTensor d_in = dout;  // X@GRAD gets storage of its own if it shared Out@GRAD's
  dx->Resize(x.dims());
  DT* result = reinterpret_cast<DT*>(funcs::AllocUnaliased<T>(dev_ctx, dx, {&d_in}));
  const int64_t n = plan.in_numel;
  if (n == 0) return;
  // The CPU kernel's scale: 1 / count rounded to T once (Acc for 16-bit floats).
  const Acc scale =
      average ? static_cast<Acc>(1.0 / static_cast<double>(plan.reduce_count)) : Acc(1);
  BroadcastBackKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(d_in), gpu::MakeReduceOutputIndex(plan), scale, result, n);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(sum_grad, GPU, phi::SumGradKernel, float, double, int32_t, int64_t,
                   phi::float16, phi::bfloat16);
PD_REGISTER_KERNEL(mean_grad, GPU, phi::MeanGradKernel, float, double, phi::float16,
                   phi::bfloat16);
