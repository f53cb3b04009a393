// squared_l2_norm on GPU: Out[0] = sum of x^2, accumulated in double by
// gpu_opt::SumSquares (per-block partial sums added in a fixed order), stored as T.
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/squared_l2_norm_kernel.h"

namespace phi {

namespace {
template <typename DT, typename MT>
__global__ void StoreSumKernel(const double* sum, DT* out) {
  *out = gpu_opt::Convert<DT>(static_cast<MT>(*sum));
}
}  // namespace

template <typename T, typename Context>
void SquaredL2NormKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out) {
  using DT = gpu::DeviceType<T>;
  const DenseTensor input = x;  // keeps X alive should Out share its variable
  DenseTensor sum(DataType::FLOAT64, DDim({1}));
  double* sum_data = dev_ctx.template Alloc<double>(&sum);
  gpu_opt::SumSquares<T>(dev_ctx, gpu::DeviceData<T>(input), input.numel(), sum_data);
  out->Resize(DDim({1}));
  DT* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  StoreSumKernel<DT, gpu::AccType<T>><<<1, 1, 0, dev_ctx.stream()>>>(sum_data, result);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(squared_l2_norm, GPU, phi::SquaredL2NormKernel, float, double, phi::float16,
                   phi::bfloat16);
