// dropout on GPU with the CPU kernel's semantics (Mask 1 for kept elements, kept ones divided
// by 1 - p for "upscale_in_train", inference scaling by mode), drawing each element's uniform
// number from a counter-based hash of (seed, index): reproducible for a fixed seed, though not
// the CPU's random stream.
#include "paddle/phi/kernels/dropout_kernel.h"

#include <cstdint>

#include "paddle/phi/core/hostdevice.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/random.h"

namespace phi {
namespace {

constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;

// SplitMix64's output function: a bijective mix of 64 bits.
PD_HOSTDEVICE inline uint64_t Mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The stream key of an op seed (as funcs::MakeEngine widens it).
PD_HOSTDEVICE inline uint64_t SeedKey(int seed) {
  return Mix64(static_cast<uint64_t>(static_cast<int64_t>(seed)) + kGolden);
}

// Element i's number in [0, 1): the i-th output of SplitMix64 from `key`, top 53 bits.
__device__ __forceinline__ double UniformAt(uint64_t key, int64_t i) {
  const uint64_t bits = Mix64(key + static_cast<uint64_t>(i + 1) * kGolden);
  return static_cast<double>(bits >> 11) * (1.0 / 9007199254740992.0);
}

template <typename DT>
__global__ void DropoutTrainKernel(const DT* x, DT* out, uint8_t* mask, int64_t n, double p,
                                   gpu::AccType<DT> kept_scale, uint64_t key) {
  const DT zero = gpu::ConvertTo<DT>(0.0f);
  PD_GPU_LOOP(i, n) {
    const bool kept = UniformAt(key, i) >= p;
    if (mask != nullptr) mask[i] = kept ? 1 : 0;
    out[i] = kept ? gpu::ConvertTo<DT>(gpu::ToAcc(x[i]) * kept_scale) : zero;
  }
}

template <typename DT>
__global__ void DropoutInferKernel(const DT* x, DT* out, int64_t n, gpu::AccType<DT> factor) {
  PD_GPU_LOOP(i, n) { out[i] = gpu::ConvertTo<DT>(gpu::ToAcc(x[i]) * factor); }
}

// The stream key: `seed` when fix_seed (the op's Seed tensor gives both), else, as for a seed
// of 0, one drawn from the global generator (as funcs::MakeEngine does).
uint64_t StreamKey(int seed, bool fix_seed) {
  if (!fix_seed) seed = 0;
  return seed != 0 ? SeedKey(seed) : Mix64(funcs::MakeEngine(0)());
}

}  // namespace

template <typename T, typename Context>
void DropoutKernel(const Context& dev_ctx, const DenseTensor& x, float p, bool is_test,
                   const std::string& mode, int seed, bool fix_seed, DenseTensor* out,
                   DenseTensor* mask) {
  using A = gpu::AccType<T>;
  PD_CHECK(p >= 0.0f && p <= 1.0f, InvalidArgument,
           "expected dropout's dropout_prob in [0, 1], but got ", p);
  const bool upscale = mode == "upscale_in_train";
  const DenseTensor x_in = x;  // elementwise: Out may share X's storage
  const int64_t n = x_in.numel();
  const gpu::DeviceType<T>* in = gpu::DeviceData<T>(x_in);
  gpu::DeviceType<T>* result = gpu::DeviceAlloc<T>(dev_ctx, out);
  uint8_t* keep = mask != nullptr ? dev_ctx.template Alloc<uint8_t>(mask) : nullptr;
  const int blocks = gpu::BlocksFor(dev_ctx, n);
  if (is_test) {
    // T's rounding of 1 - p, as the CPU kernel's static_cast<T>.
    const A factor = upscale ? A(1) : static_cast<A>(static_cast<T>(1.0 - p));
    if (n == 0) return;
    DropoutInferKernel<<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(in, result, n, factor);
    PD_CUDA_CHECK_LAUNCH();
    if (keep != nullptr) PD_CUDA_CHECK(cudaMemsetAsync(keep, 1, n, dev_ctx.stream()));
    return;
  }
  const uint64_t key = StreamKey(seed, fix_seed);
  // Kept elements are scaled by 1 / (1 - p) when upscaling; with p == 1 nothing is kept.
  const A kept_scale =
      (upscale && p < 1.0f) ? static_cast<A>(static_cast<T>(1.0 / (1.0 - p))) : A(1);
  if (n == 0) return;
  DropoutTrainKernel<<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
      in, result, keep, n, static_cast<double>(p), kept_scale, key);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(dropout, GPU, phi::DropoutKernel, float, double, phi::float16, phi::bfloat16);
