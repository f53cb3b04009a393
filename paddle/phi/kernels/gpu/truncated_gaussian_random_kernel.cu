// truncated_gaussian_random on GPU: element i draws standard normals from its own Philox
// subsequence (curand_init(seed, i, 0)) until one falls within [-2, 2] (about 1.05 draws on
// average), then takes mean + std * z. Seed 0 draws a fresh seed (funcs::MakeEngine).
#include <curand_kernel.h>

#include <cmath>
#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/random.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/truncated_gaussian_random_kernel.h"

namespace phi {

namespace {
template <typename DT, typename MT>
__global__ void TruncatedGaussianGpuKernel(uint64_t seed, MT mean, MT std, int64_t n, DT* out) {
  PD_GPU_LOOP(i, n) {
    curandStatePhilox4_32_10_t state;
    curand_init(seed, static_cast<unsigned long long>(i), 0, &state);
    MT z;
    do {
      if constexpr (std::is_same_v<MT, double>) z = curand_normal_double(&state);
      else z = curand_normal(&state);
    } while (z < MT(-2) || z > MT(2));
    out[i] = gpu_opt::Convert<DT>(mean + std * z);
  }
}
}  // namespace

template <typename T, typename Context>
void TruncatedGaussianRandomKernel(const Context& dev_ctx, float mean, float std, int seed,
                                   DenseTensor* out) {
  PD_CHECK(std::isfinite(mean) && std::isfinite(std) && std >= 0.0f, InvalidArgument,
           "expected a finite mean and a finite std >= 0 for truncated_gaussian_random, but got "
           "mean ",
           mean, " and std ", std);
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  DT* data = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t n = out->numel();
  if (n == 0) return;
  const uint64_t philox_seed = funcs::MakeEngine(seed)();
  TruncatedGaussianGpuKernel<DT, MT>
      <<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
          philox_seed, static_cast<MT>(mean), static_cast<MT>(std), n, data);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(truncated_gaussian_random, GPU, phi::TruncatedGaussianRandomKernel, float,
                   double, phi::float16, phi::bfloat16);
