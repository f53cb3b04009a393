// Helpers for CUDA kernels (.cu files only): launch shapes, grid-stride loops, and the device
// types behind phi's 16-bit floats (phi::float16 / bfloat16 hold the same bits as __half /
// __nv_bfloat16, so tensor data is reinterpreted, never converted).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/common/data_type.h"

namespace phi {
namespace gpu {

template <typename T>
struct DeviceTypeOf {
  using type = T;
};
template <>
struct DeviceTypeOf<phi::float16> {
  using type = __half;
};
template <>
struct DeviceTypeOf<phi::bfloat16> {
  using type = __nv_bfloat16;
};
template <typename T>
using DeviceType = typename DeviceTypeOf<T>::type;

// The device-typed data of a tensor (T is the kernel's template type).
template <typename T>
const DeviceType<T>* DeviceData(const DenseTensor& t) {
  return reinterpret_cast<const DeviceType<T>*>(t.data<T>());
}
template <typename T>
DeviceType<T>* DeviceData(DenseTensor* t) {
  return reinterpret_cast<DeviceType<T>*>(t->data<T>());
}
template <typename T>
DeviceType<T>* DeviceAlloc(const GPUContext& ctx, DenseTensor* t) {
  return reinterpret_cast<DeviceType<T>*>(ctx.template Alloc<T>(t));
}

// The type arithmetic runs in: float for the 16-bit floats, T otherwise.
template <typename T>
using AccType = std::conditional_t<std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16> ||
                                       std::is_same_v<T, phi::float16> ||
                                       std::is_same_v<T, phi::bfloat16>,
                                   float, T>;

constexpr int kThreads = 256;

// Blocks for a grid-stride loop over n elements (at most enough to fill the device 8 times).
inline int BlocksFor(const GPUContext& ctx, int64_t n, int threads = kThreads) {
  int64_t blocks = (n + threads - 1) / threads;
  int64_t cap = static_cast<int64_t>(ctx.props().multiProcessorCount) * 8 *
                std::max(1, 2048 / threads);
  return static_cast<int>(std::max<int64_t>(1, std::min(blocks, cap)));
}

// *address += value atomically, int64 included (as its two's-complement unsigned sum).
template <typename T>
__device__ __forceinline__ void AtomicAdd(T* address, T value) {
  if constexpr (std::is_same_v<T, int64_t>) {
    atomicAdd(reinterpret_cast<unsigned long long*>(address),  // NOLINT
              static_cast<unsigned long long>(value));         // NOLINT
  } else {
    atomicAdd(address, value);
  }
}

}  // namespace gpu
}  // namespace phi

// for (int64_t i = ...; i < n; i += stride) over a 1-D grid.
#define PD_GPU_LOOP(i, n)                                                                 \
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < (n); \
       i += static_cast<int64_t>(blockDim.x) * gridDim.x)
