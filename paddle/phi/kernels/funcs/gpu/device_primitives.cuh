// The GPUContext overloads of the device steps declared in funcs/device_primitives.h, for the
// kernels written once for both backends (kernels/impl/). .cu files only: every .cu that
// instantiates such a kernel includes this header.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/kernels/funcs/alloc_zeroed.h"
#include "paddle/phi/kernels/funcs/device_primitives.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/gpu/bias_activation.cuh"
#include "paddle/phi/kernels/gpu/matmul_helper.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"

namespace phi {
namespace funcs {

namespace detail {
template <typename F>
__global__ void ForEachIndexKernel(int64_t n, F f) {
  PD_GPU_LOOP(i, n) { f(i); }
}
}  // namespace detail

template <typename F>
void ForEachIndex(const GPUContext& ctx, int64_t n, F f) {
  if (n <= 0) return;
  detail::ForEachIndexKernel<<<gpu::BlocksFor(ctx, n), gpu::kThreads, 0, ctx.stream()>>>(n, f);
  PD_CUDA_CHECK_LAUNCH();
}

// One cudaMemcpy2DAsync (gpu::strided::Copy2D).
template <typename T>
void CopyRows(const GPUContext& ctx, T* dst, int64_t dst_stride, const T* src, int64_t src_stride,
              int64_t row_elems, int64_t rows) {
  gpu::strided::Copy2D(ctx, dst, dst_stride, src, src_stride, row_elems, rows);
}

template <typename T>
void CopyElements(const GPUContext& ctx, T* dst, const T* src, int64_t n) {
  if (n > 0) {
    PD_CUDA_CHECK(cudaMemcpyAsync(dst, src, sizeof(T) * n, cudaMemcpyDeviceToDevice,
                                  ctx.stream()));
  }
}

template <typename T>
void Fill(const GPUContext& ctx, T* data, int64_t n, T value) {
  gpu::LaunchFill(ctx, reinterpret_cast<gpu::DeviceType<T>*>(data), n, gpu::ToDeviceValue(value));
}

template <typename T>
void SetZero(const GPUContext& ctx, T* data, int64_t n) {
  if (n > 0) PD_CUDA_CHECK(cudaMemsetAsync(data, 0, sizeof(T) * n, ctx.stream()));
}

template <typename T>
T* AllocZeroed(const GPUContext& ctx, DenseTensor* t) {
  if (t == nullptr) return nullptr;
  T* data = ctx.template Alloc<T>(t);
  SetZero(ctx, data, t->numel());
  return data;
}

// One gather kernel over out.
template <typename T>
void TransposeCopy(const GPUContext& ctx, const T* in, const DDim& in_dims,
                   const std::vector<int>& perm, T* out) {
  gpu::strided::Gather(ctx, in, gpu::strided::PermuteMap(in_dims, perm), in_dims.numel(), out);
}

template <typename T>
void GatherRegion(const GPUContext& ctx, const T* in, const DDim& in_dims,
                  const std::vector<int64_t>& offsets, const DDim& region, T* out) {
  if (region.numel() <= 0) return;
  gpu::strided::Gather(ctx, in, gpu::strided::RegionMap(in_dims, offsets, region),
                       region.numel(), out);
}

template <typename T>
void ScatterRegion(const GPUContext& ctx, const T* in, const DDim& out_dims,
                   const std::vector<int64_t>& offsets, const DDim& region, T* out) {
  if (region.numel() <= 0) return;
  gpu::strided::Scatter(ctx, in, gpu::strided::RegionMap(out_dims, offsets, region),
                        region.numel(), out);
}

// One cuBLAS GEMM.
template <typename T>
void Gemm(const GPUContext& ctx, bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k,
          const T* a, const T* b, T* c) {
  gpu::gemm::Gemm<T>(ctx, trans_a, trans_b, m, n, k, 1.0, a, b, 0.0, c);
}

// One strided-batched cuBLAS GEMM.
template <typename T>
void GemmBatched(const GPUContext& ctx, bool trans_a, bool trans_b, int64_t m, int64_t n,
                 int64_t k, const T* a, int64_t stride_a, const T* b, int64_t stride_b, T* c,
                 int64_t stride_c, int64_t batches) {
  gpu::gemm::GemmStridedBatched<T>(ctx, trans_a, trans_b, m, n, k, 1.0, a, stride_a, b, stride_b,
                                   0.0, c, stride_c, batches);
}

// A plain cuBLAS GEMM on b's data (no packing on the GPU).
template <typename T>
void GemmWeightsB(const GPUContext& ctx, bool trans_a, bool trans_b, int64_t m, int64_t n,
                  int64_t k, const T* a, const DenseTensor& b, T* c) {
  gpu::gemm::Gemm<T>(ctx, trans_a, trans_b, m, n, k, 1.0, a, b.data<T>(), 0.0, c);
}

// One elementwise launch (gpu/bias_activation.cuh).
template <typename T>
void ApplyBiasActivationRows(const GPUContext& ctx, FusedActivation act, T* rows, int64_t m,
                             int64_t n, const T* bias, T* pre) {
  gpu::epilogue::ApplyBiasActivationRows<T>(ctx, act, rows, m, n, bias, pre);
}

}  // namespace funcs
}  // namespace phi
