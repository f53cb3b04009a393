// tril_triu on GPU (its own gradient): one thread per element keeps or zeroes it by
// funcs::TrilTriuKeeps, the rule the CPU kernel uses.
#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/tril_triu_kernel.h"

namespace phi {
namespace gpu_tril_triu {

template <typename T>
__global__ void TrilTriu(const T* in, T* out, int64_t n, int64_t h, int64_t w, int diagonal,
                         bool lower) {
  PD_GPU_LOOP(k, n) {
    const int64_t j = k % w;
    const int64_t i = (k / w) % h;
    out[k] = funcs::TrilTriuKeeps(i, j, diagonal, lower) ? in[k] : T(0);
  }
}

}  // namespace gpu_tril_triu

template <typename T, typename Context>
void TrilTriuKernel(const Context& dev_ctx, const DenseTensor& x, int diagonal, bool lower,
                    DenseTensor* out) {
  const DenseTensor in_t = x;  // keeps X alive if Out shares its buffer
  const DDim& d = in_t.dims();
  PD_CHECK(d.size() >= 2, InvalidArgument, "expected tril_triu's X to have rank >= 2, but got X ",
           d);
  const int64_t n = in_t.numel();
  const auto* in = gpu::DeviceData<T>(in_t);
  auto* r = gpu::DeviceAlloc<T>(dev_ctx, out);
  if (n == 0) return;
  gpu_tril_triu::TrilTriu<<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      in, r, n, d[d.size() - 2], d[d.size() - 1], diagonal, lower);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(tril_triu, GPU, phi::TrilTriuKernel, float, double, int32_t, int64_t, bool,
                   phi::float16, phi::bfloat16);
