// The indexed copies behind gather and index_select on GPU (and their grads): X seen as
// [outer, extent, inner] and Index as int32 / int64 positions along the middle axis. Indices
// stay on the device, so one outside [0, extent) cannot raise as on the CPU: gathering it
// yields zeros, and its gradient is dropped.
#pragma once

#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"

namespace phi {
namespace gpu {
namespace indexed {

template <typename DT, typename IndexT>
__global__ void GatherAlongAxisKernel(const DT* in, const IndexT* index, int64_t outer,
                                      int64_t extent, int64_t count, int64_t inner, DT* out) {
  PD_GPU_LOOP(t, outer * count * inner) {
    const int64_t j = t % inner;
    const int64_t k = (t / inner) % count;
    const int64_t o = t / (inner * count);
    const int64_t position = static_cast<int64_t>(index[k]);
    out[t] = position >= 0 && position < extent ? in[(o * extent + position) * inner + j] : DT(0);
  }
}

template <typename DT, typename IndexT>
__global__ void ScatterAddAlongAxisKernel(const DT* dout, const IndexT* index, int64_t outer,
                                          int64_t extent, int64_t count, int64_t inner, DT* dx) {
  PD_GPU_LOOP(t, outer * count * inner) {
    const int64_t j = t % inner;
    const int64_t k = (t / inner) % count;
    const int64_t o = t / (inner * count);
    const int64_t position = static_cast<int64_t>(index[k]);
    if (position >= 0 && position < extent)
      atomicAdd(dx + (o * extent + position) * inner + j, dout[t]);
  }
}

// Whether Index holds int64 (else int32); `what` names the op in the error for other dtypes.
inline bool IndexIsInt64(const DenseTensor& index, const char* what) {
  PD_CHECK(index.dtype() == DataType::INT32 || index.dtype() == DataType::INT64, InvalidArgument,
           "expected ", what, "'s Index to be int32 or int64, but got ", index.dtype());
  return index.dtype() == DataType::INT64;
}

template <typename B, typename IndexT>
void LaunchGather(const GPUContext& ctx, const B* in, const IndexT* index, int64_t outer,
                  int64_t extent, int64_t count, int64_t inner, B* out) {
  const int64_t n = outer * count * inner;
  GatherAlongAxisKernel<B, IndexT><<<BlocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(
      in, index, outer, extent, count, inner, out);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename IndexT>
void LaunchScatterAdd(const GPUContext& ctx, const T* dout, const IndexT* index, int64_t outer,
                      int64_t extent, int64_t count, int64_t inner, T* dx) {
  const int64_t n = outer * count * inner;
  ScatterAddAlongAxisKernel<T, IndexT><<<BlocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(
      dout, index, outer, extent, count, inner, dx);
  PD_CUDA_CHECK_LAUNCH();
}

// out[o, k, j] = in[o, index[k], j]. Only the elements' bits move: one kernel per size.
template <typename T>
void GatherAlongAxis(const GPUContext& ctx, const T* in, const DenseTensor& index, int64_t outer,
                     int64_t extent, int64_t inner, T* out, const char* what) {
  const bool int64_index = IndexIsInt64(index, what);
  const int64_t count = index.numel();
  if (outer * count * inner == 0) return;
  using B = strided::Bits<T>;
  const B* src = reinterpret_cast<const B*>(in);
  B* dst = reinterpret_cast<B*>(out);
  if (int64_index) {
    LaunchGather(ctx, src, index.data<int64_t>(), outer, extent, count, inner, dst);
  } else {
    LaunchGather(ctx, src, index.data<int32_t>(), outer, extent, count, inner, dst);
  }
}

// dx [outer, extent, inner] zeroed, then dx[o, index[k], j] += dout[o, k, j] (atomically:
// positions may repeat, so equal positions sum in varying order). T is a device type.
template <typename T>
void ScatterAddAlongAxis(const GPUContext& ctx, const T* dout, const DenseTensor& index,
                         int64_t outer, int64_t extent, int64_t inner, T* dx, const char* what) {
  const bool int64_index = IndexIsInt64(index, what);
  const int64_t count = index.numel();
  if (outer * extent * inner > 0)
    PD_CUDA_CHECK(cudaMemsetAsync(dx, 0, sizeof(T) * outer * extent * inner, ctx.stream()));
  if (outer * count * inner == 0) return;
  if (int64_index) {
    LaunchScatterAdd(ctx, dout, index.data<int64_t>(), outer, extent, count, inner, dx);
  } else {
    LaunchScatterAdd(ctx, dout, index.data<int32_t>(), outer, extent, count, inner, dx);
  }
}

}  // namespace indexed
}  // namespace gpu
}  // namespace phi
