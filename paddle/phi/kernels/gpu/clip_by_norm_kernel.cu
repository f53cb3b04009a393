// clip_by_norm on GPU: the sum of squares of the whole of X in double (gpu_opt::SumSquares),
// then Out = X * max_norm / ||X|| where the norm exceeds max_norm, else X; the scale is
// computed on the device from the sum, never read back.
#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/clip_by_norm_kernel.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"

namespace phi {

namespace {
// Compute is float for float and the 16-bit types, double for double (as on the CPU).
template <typename DT, typename Compute>
__global__ void ClipByNormGpuKernel(const DT* x, const double* squares, double max_norm,
                                    int64_t n, DT* out) {
  using gpu_opt::Convert;
  const double norm = sqrt(*squares);
  const Compute scale = norm > max_norm ? static_cast<Compute>(max_norm / norm) : Compute(1);
  PD_GPU_LOOP(i, n) out[i] = Convert<DT>(Convert<Compute>(x[i]) * scale);
}
}  // namespace

template <typename T, typename Context>
void ClipByNormKernel(const Context& dev_ctx, const DenseTensor& x, float max_norm,
                      DenseTensor* out) {
  PD_CHECK(max_norm > 0, InvalidArgument,
           "expected clip_by_norm's max_norm to be positive, but got ", max_norm);
  using DT = gpu::DeviceType<T>;
  using Compute = std::conditional_t<std::is_same_v<T, double>, double, float>;
  const DenseTensor input = x;  // keeps X alive should Out share its variable
  const int64_t n = input.numel();
  DenseTensor squares(DataType::FLOAT64, DDim({1}));
  double* squares_data = dev_ctx.template Alloc<double>(&squares);
  gpu_opt::SumSquares<T>(dev_ctx, gpu::DeviceData<T>(input), n, squares_data);
  out->Resize(input.dims());
  DT* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  ClipByNormGpuKernel<DT, Compute><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0,
                                     dev_ctx.stream()>>>(gpu::DeviceData<T>(input), squares_data,
                                                         max_norm, n, result);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(clip_by_norm, GPU, phi::ClipByNormKernel, float, double, phi::float16,
                   phi::bfloat16);
