// Per-channel sums on GPU for the batch_norm kernels: a tensor seen as [outer, channels, inner]
// and, for every channel, two sums of a functor's values over its outer * inner elements. Sums
// are in double and in a fixed order (block partials, then the partials in order), so results
// do not depend on timing.
#pragma once

#include <algorithm>
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/infermeta/nn.h"

namespace phi {
namespace funcs {

// The 16-bit device types convert through float.
template <typename DT>
__device__ __forceinline__ double ToDouble(DT v) {
  return static_cast<double>(static_cast<gpu::AccType<DT>>(v));
}
template <typename DT>
__device__ __forceinline__ DT FromDouble(double v) {
  return static_cast<DT>(static_cast<gpu::AccType<DT>>(v));
}

namespace internal {

constexpr int kSumThreads = 256;

// Tree sum of one double2 per thread of the block; the result is in slot 0.
__device__ __forceinline__ double2 BlockSum(double2 v, double2* shared) {
  const int t = threadIdx.x + threadIdx.y * blockDim.x;
  shared[t] = v;
  __syncthreads();
  for (int half = kSumThreads / 2; half > 0; half /= 2) {
    if (t < half) {
      shared[t].x += shared[t + half].x;
      shared[t].y += shared[t + half].y;
    }
    __syncthreads();
  }
  return shared[0];
}

// Channel blockIdx.x, elements [split * chunk, (split + 1) * chunk) of its outer * inner, one
// thread per element in turn: for inner large enough that a warp reads contiguous memory.
template <typename Fn>
__global__ void PlanarSumsKernel(ChannelShape s, Fn fn, int64_t chunk, double2* partial) {
  __shared__ double2 shared[kSumThreads];
  const int64_t c = blockIdx.x;
  const int64_t count = s.outer * s.inner;
  const int64_t begin = blockIdx.y * chunk;
  const int64_t end = begin + chunk < count ? begin + chunk : count;
  double2 acc = make_double2(0.0, 0.0);
  for (int64_t k = begin + threadIdx.x; k < end; k += kSumThreads) {
    const int64_t o = k / s.inner, i = k - o * s.inner;
    const double2 v = fn(c, (o * s.channels + c) * s.inner + i);
    acc.x += v.x;
    acc.y += v.y;
  }
  const double2 total = BlockSum(acc, shared);
  if (threadIdx.x == 0) partial[c * gridDim.y + blockIdx.y] = total;
}

// 32 consecutive channels per block (threadIdx.x), rows split over threadIdx.y: for small
// inner (channels-last data), where neighbouring channels are neighbours in memory.
template <typename Fn>
__global__ void InterleavedSumsKernel(ChannelShape s, Fn fn, int64_t chunk, double2* partial) {
  __shared__ double2 shared[kSumThreads];
  const int64_t c = static_cast<int64_t>(blockIdx.x) * 32 + threadIdx.x;
  const int64_t count = s.outer * s.inner;
  const int64_t begin = blockIdx.y * chunk;
  const int64_t end = begin + chunk < count ? begin + chunk : count;
  double2 acc = make_double2(0.0, 0.0);
  if (c < s.channels) {
    for (int64_t k = begin + threadIdx.y; k < end; k += kSumThreads / 32) {
      const int64_t o = k / s.inner, i = k - o * s.inner;
      const double2 v = fn(c, (o * s.channels + c) * s.inner + i);
      acc.x += v.x;
      acc.y += v.y;
    }
  }
  // Sum over threadIdx.y for each threadIdx.x: transpose through shared memory.
  const int t = threadIdx.y * 32 + threadIdx.x;
  shared[t] = acc;
  __syncthreads();
  for (int half = kSumThreads / 64; half > 0; half /= 2) {
    if (threadIdx.y < half) {
      shared[t].x += shared[t + half * 32].x;
      shared[t].y += shared[t + half * 32].y;
    }
    __syncthreads();
  }
  if (threadIdx.y == 0 && c < s.channels) partial[c * gridDim.y + blockIdx.y] = shared[t];
}

template <typename Pair>
__global__ void AddPartialsKernel(const Pair* partial, int64_t channels, int64_t splits,
                                  Pair* sums) {
  PD_GPU_LOOP(c, channels) {
    Pair acc = make_double2(0.0, 0.0);
    for (int64_t p = 0; p < splits; ++p) {
      acc.x += partial[c * splits + p].x;
      acc.y += partial[c * splits + p].y;
    }
    sums[c] = acc;
  }
}

}  // namespace internal

// sums[c] = (sum of fn(c, offset).x, sum of fn(c, offset).y) over the offsets of channel c's
// elements; sums is a device array of s.channels entries. fn is a device functor
// double2 operator()(int64_t channel, int64_t offset) const. Needs s.channels > 0.
template <typename Fn>
void ChannelSums(const GPUContext& ctx, const ChannelShape& s, const Fn& fn, double2* sums) {
  const int64_t count = s.outer * s.inner;
  const bool planar = s.inner >= 32;
  const int64_t channel_blocks = planar ? s.channels : (s.channels + 31) / 32;
  // Enough blocks to fill the device, each with at least a few thousand elements.
  const int64_t want = 4 * static_cast<int64_t>(ctx.props().multiProcessorCount);
  int64_t splits = std::max<int64_t>(1, (want + channel_blocks - 1) / channel_blocks);
  splits = std::min<int64_t>({splits, std::max<int64_t>(1, count / 4096), 65535});
  const int64_t chunk = std::max<int64_t>(1, (count + splits - 1) / splits);
  splits = std::max<int64_t>(1, (count + chunk - 1) / chunk);
  DenseTensor partial(DataType::FLOAT64, DDim({s.channels * splits * 2}));
  auto* partial_data = reinterpret_cast<double2*>(ctx.template Alloc<double>(&partial));
  const dim3 grid(static_cast<unsigned>(channel_blocks), static_cast<unsigned>(splits));
  if (planar) {
    internal::PlanarSumsKernel<Fn>
        <<<grid, internal::kSumThreads, 0, ctx.stream()>>>(s, fn, chunk, partial_data);
  } else {
    internal::InterleavedSumsKernel<Fn>
        <<<grid, dim3(32, internal::kSumThreads / 32), 0, ctx.stream()>>>(s, fn, chunk,
                                                                          partial_data);
  }
  PD_CUDA_CHECK_LAUNCH();
  internal::AddPartialsKernel<double2>
      <<<gpu::BlocksFor(ctx, s.channels), gpu::kThreads, 0, ctx.stream()>>>(
          partial_data, s.channels, splits, sums);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace funcs
}  // namespace phi
