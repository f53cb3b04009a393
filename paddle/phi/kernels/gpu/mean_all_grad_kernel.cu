// mean_all_grad on GPU: every element of X@GRAD is Out@GRAD / numel(X), Out@GRAD read on the
// device by each thread (no host round trip).
#include "paddle/phi/kernels/mean_all_grad_kernel.h"

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/manipulation.h"

namespace phi {
namespace {

template <typename DT>
__global__ void FillMeanGradKernel(const DT* dout, double count, DT* dx, int64_t n) {
  const DT value = gpu::ConvertTo<DT>(gpu::ConvertTo<double>(dout[0]) / count);
  PD_GPU_LOOP(i, n) { dx[i] = value; }
}

}  // namespace

// X is only read for its dims (its data may be absent).
template <typename T, typename Context>
void MeanAllGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                       DenseTensor* dx) {
  using DT = gpu::DeviceType<T>;
  PD_CHECK(dout.numel() == 1, InvalidArgument,
           "expected mean_all's Out@GRAD to hold one element, but got dims ", dout.dims());
  const DenseTensor d_in = dout;
  dx->Resize(x.dims());
  DT* result = reinterpret_cast<DT*>(funcs::AllocUnaliased<T>(dev_ctx, dx, {&d_in}));
  const int64_t n = x.numel();
  if (n == 0) return;
  FillMeanGradKernel<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      gpu::DeviceData<T>(d_in), static_cast<double>(n), result, n);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(mean_all_grad, GPU, phi::MeanAllGradKernel, float, double, phi::float16,
                   phi::bfloat16);
