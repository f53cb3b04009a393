// uniform (uniform_random) and gaussian (gaussian_random) on GPU: element i draws from its own
// Philox subsequence (curand_init(seed, i, 0)), so values depend only on the seed and the index,
// never on the launch shape. A nonzero seed attribute gives reproducible values; seed 0 draws a
// fresh seed from the global generator (funcs::MakeEngine). Values differ from the CPU stream.
#include <curand_kernel.h>

#include <cmath>
#include <cstring>
#include <type_traits>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/random.h"
#include "paddle/phi/kernels/gpu/optimizer_util.cuh"
#include "paddle/phi/kernels/random_kernel.h"

namespace phi {

namespace {

// The largest T below `max` (max itself may round to a T at or above it): what a uniform
// value that rounds up to max becomes, keeping the interval half-open as on the CPU.
template <typename T>
T LargestBelow(float max, float min) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return std::nextafter(static_cast<T>(max), static_cast<T>(min));
  } else {
    T high(max);
    if (static_cast<float>(high) < max) return high;  // rounded down: already below
    // One unit below in sign-magnitude bits (float16 and bfloat16 alike).
    uint16_t& bits = high.x;
    if ((bits & 0x7fffu) == 0) bits = 0x8001u;  // +-0 -> the negative number nearest 0
    else if (bits & 0x8000u) bits += 1;         // negative: away from zero
    else bits -= 1;                             // positive: toward zero
    return high;
  }
}

template <typename DT, typename MT>
__global__ void UniformGpuKernel(uint64_t seed, MT low, MT high, DT below_high, int64_t n,
                                 DT* out) {
  using gpu_opt::Convert;
  PD_GPU_LOOP(i, n) {
    curandStatePhilox4_32_10_t state;
    curand_init(seed, static_cast<unsigned long long>(i), 0, &state);
    MT unit;  // in [0, 1): curand's uniforms lie in (0, 1]
    if constexpr (std::is_same_v<MT, double>) unit = 1.0 - curand_uniform_double(&state);
    else unit = 1.0f - curand_uniform(&state);
    DT value = Convert<DT>(low + (high - low) * unit);
    if (!(Convert<MT>(value) < high) && low < high) value = below_high;
    out[i] = value;
  }
}

template <typename DT, typename MT>
__global__ void GaussianGpuKernel(uint64_t seed, MT mean, MT std, int64_t n, DT* out) {
  PD_GPU_LOOP(i, n) {
    curandStatePhilox4_32_10_t state;
    curand_init(seed, static_cast<unsigned long long>(i), 0, &state);
    MT z;
    if constexpr (std::is_same_v<MT, double>) z = curand_normal_double(&state);
    else z = curand_normal(&state);
    out[i] = gpu_opt::Convert<DT>(mean + std * z);
  }
}

}  // namespace

template <typename T, typename Context>
void UniformKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, DataType dtype,
                   float min, float max, int seed, DenseTensor* out) {
  PD_CHECK(std::isfinite(min) && std::isfinite(max) && min <= max, InvalidArgument,
           "expected finite min <= max for uniform, but got min ", min, " and max ", max);
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  out->Resize(DDim(shape));
  DT* data = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t n = out->numel();
  if (n == 0) return;
  const uint64_t philox_seed = funcs::MakeEngine(seed)();
  const T below = LargestBelow<T>(max, min);
  DT below_high;
  static_assert(sizeof(DT) == sizeof(T), "device type must hold the same bits");
  std::memcpy(static_cast<void*>(&below_high), &below, sizeof(T));
  UniformGpuKernel<DT, MT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      philox_seed, static_cast<MT>(min), static_cast<MT>(max), below_high, n, data);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void GaussianKernel(const Context& dev_ctx, const std::vector<int64_t>& shape, float mean,
                    float std, int seed, DataType dtype, DenseTensor* out) {
  PD_CHECK(std::isfinite(mean) && std::isfinite(std) && std >= 0.0f, InvalidArgument,
           "expected a finite mean and a finite std >= 0 for gaussian, but got mean ", mean,
           " and std ", std);
  using DT = gpu::DeviceType<T>;
  using MT = gpu::AccType<T>;
  out->Resize(DDim(shape));
  DT* data = gpu::DeviceAlloc<T>(dev_ctx, out);
  const int64_t n = out->numel();
  if (n == 0) return;
  const uint64_t philox_seed = funcs::MakeEngine(seed)();
  GaussianGpuKernel<DT, MT><<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
      philox_seed, static_cast<MT>(mean), static_cast<MT>(std), n, data);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(uniform, GPU, phi::UniformKernel, float, double, phi::float16,
                   phi::bfloat16);
PD_REGISTER_KERNEL(gaussian, GPU, phi::GaussianKernel, float, double, phi::float16,
                   phi::bfloat16);
