// squared_l2_norm_grad on GPU: dx = 2 * dout[0] * x, with dout[0] read inside the kernel (it
// lives on the device), in float for 16-bit types.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/squared_l2_norm_grad_kernel.h"

namespace phi {

namespace {
template <typename DT, typename MT>
__global__ void SquaredL2NormGradGpuKernel(const DT* x, const DT* dout, int64_t n, DT* dx) {
  using gpu_opt::Convert;
  const MT scale = MT(2) * Convert<MT>(dout[0]);
  PD_GPU_LOOP(i, n) dx[i] = Convert<DT>(scale * Convert<MT>(x[i]));
}
}  // namespace

template <typename T, typename Context>
void SquaredL2NormGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                             DenseTensor* dx) {
  if (dx == nullptr) return;
  PD_CHECK(dout.numel() == 1, InvalidArgument,
           "expected squared_l2_norm_grad's Out@GRAD to hold one element, but got dims ",
           dout.dims());
  const DenseTensor x_in = x;  // keeps X alive if dx shares its storage
  dx->Resize(x_in.dims());
  auto* result = gpu::DeviceAlloc<T>(dev_ctx, dx);
  const int64_t n = x_in.numel();
  SquaredL2NormGradGpuKernel<gpu::DeviceType<T>, gpu::AccType<T>>
      <<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
          gpu::DeviceData<T>(x_in), gpu::DeviceData<T>(dout), n, result);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(squared_l2_norm_grad, GPU, phi::SquaredL2NormGradKernel, float, double,
                   phi::float16, phi::bfloat16);
