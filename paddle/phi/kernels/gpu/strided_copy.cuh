// Data movement shared by the GPU shape kernels: an N-D index map (transpose, slice, expand /
// tile and their grads) run as one gather or scatter kernel, and 2-D strided block copies
// (concat, split, stack) through cudaMemcpy2DAsync.
#pragma once

#include <climits>
#include <cstdint>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/common/ddim.h"

namespace phi {
namespace gpu {
namespace strided {

// Moving elements needs only their bits: an unsigned integer of the element's size, so every
// dtype of one size shares one kernel.
template <size_t kSize>
struct BitsOfSize;
template <>
struct BitsOfSize<1> {
  using type = uint8_t;
};
template <>
struct BitsOfSize<2> {
  using type = uint16_t;
};
template <>
struct BitsOfSize<4> {
  using type = uint32_t;
};
template <>
struct BitsOfSize<8> {
  using type = uint64_t;
};
template <typename T>
using Bits = typename BitsOfSize<sizeof(T)>::type;

// Output element o (row-major over dims) reads input element
//   offset + sum_d (index_d(o) % wrap[d]) * stride[d];
// wrap is dims[d] (no wrap) except for a repeated axis (expand, tile), where it is the
// input's extent there.
struct IndexMap {
  int rank = 0;
  int64_t dims[DDim::kMaxRank] = {0};
  int64_t wrap[DDim::kMaxRank] = {0};
  int64_t stride[DDim::kMaxRank] = {0};
  int64_t offset = 0;

  __host__ __device__ int64_t Source(int64_t o) const {
    int64_t at = offset;
    for (int d = rank - 1; d >= 0; --d) {
      const int64_t i = o % dims[d];
      o /= dims[d];
      at += (i % wrap[d]) * stride[d];
    }
    return at;
  }
};

// Row-major strides of a contiguous tensor of dims `dims`.
inline std::vector<int64_t> ContiguousStrides(const DDim& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (int i = dims.size() - 2; i >= 0; --i) strides[i] = strides[i + 1] * dims[i + 1];
  return strides;
}

// The map of out = in permuted: out axis j is in axis perm[j].
inline IndexMap PermuteMap(const DDim& in_dims, const std::vector<int>& perm) {
  IndexMap map;
  map.rank = in_dims.size();
  const std::vector<int64_t> in_strides = ContiguousStrides(in_dims);
  for (int j = 0; j < map.rank; ++j) {
    map.dims[j] = map.wrap[j] = in_dims[perm[j]];
    map.stride[j] = in_strides[perm[j]];
  }
  return map;
}

// The map of the region of extents `region` starting at `offsets` inside a contiguous `in_dims`.
// With `steps` (one signed step per axis; unit steps when empty), the strided region of
// strided_slice and set_value: element k of the region (row-major over `region`) sits at
// input offset Source(k).
inline IndexMap RegionMap(const DDim& in_dims, const std::vector<int64_t>& offsets,
                          const DDim& region, const std::vector<int64_t>& steps = {}) {
  IndexMap map;
  map.rank = in_dims.size();
  const std::vector<int64_t> in_strides = ContiguousStrides(in_dims);
  for (int d = 0; d < map.rank; ++d) {
    map.dims[d] = map.wrap[d] = region[d];
    map.stride[d] = (steps.empty() ? 1 : steps[d]) * in_strides[d];
    map.offset += offsets[d] * in_strides[d];
  }
  return map;
}

// The map of x repeated to out_dims (x padded with leading 1s to out's rank; along each axis
// the x index is the out index modulo x's extent), as funcs::ForEachRepeatIndex walks it.
inline IndexMap RepeatMap(const DDim& x_dims, const DDim& out_dims) {
  IndexMap map;
  map.rank = out_dims.size();
  const int lead = map.rank - x_dims.size();
  int64_t stride = 1;
  for (int d = map.rank - 1; d >= 0; --d) {
    const int64_t extent = d >= lead ? x_dims[d - lead] : 1;
    map.dims[d] = out_dims[d];
    map.wrap[d] = extent;
    map.stride[d] = stride;
    stride *= extent;
  }
  return map;
}

template <typename T>
__global__ void GatherKernel(const T* in, IndexMap map, int64_t n, T* out) {
  PD_GPU_LOOP(o, n) { out[o] = in[map.Source(o)]; }
}

template <typename T>
__global__ void ScatterKernel(const T* in, IndexMap map, int64_t n, T* out) {
  PD_GPU_LOOP(o, n) { out[map.Source(o)] = in[o]; }
}

// out[o] = in[map.Source(o)] for the n = prod(map.dims) elements of out.
template <typename T>
void Gather(const GPUContext& ctx, const T* in, const IndexMap& map, int64_t n, T* out) {
  using B = Bits<T>;
  if (n <= 0) return;
  GatherKernel<B><<<BlocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(
      reinterpret_cast<const B*>(in), map, n, reinterpret_cast<B*>(out));
  PD_CUDA_CHECK_LAUNCH();
}

// out[map.Source(o)] = in[o]: the inverse of Gather for a map without repeats.
template <typename T>
void Scatter(const GPUContext& ctx, const T* in, const IndexMap& map, int64_t n, T* out) {
  using B = Bits<T>;
  if (n <= 0) return;
  ScatterKernel<B><<<BlocksFor(ctx, n), kThreads, 0, ctx.stream()>>>(
      reinterpret_cast<const B*>(in), map, n, reinterpret_cast<B*>(out));
  PD_CUDA_CHECK_LAUNCH();
}

// `rows` rows of `row_elems` elements each: row r goes from src + r * src_stride to
// dst + r * dst_stride (strides in elements). cudaMemcpy2DAsync takes pitches only up to the
// device's limit; longer rows are copied one by one.
template <typename T>
void Copy2D(const GPUContext& ctx, T* dst, int64_t dst_stride, const T* src, int64_t src_stride,
            int64_t row_elems, int64_t rows) {
  if (row_elems <= 0 || rows <= 0) return;
  const size_t width = sizeof(T) * row_elems;
  if (rows == 1 || (dst_stride == row_elems && src_stride == row_elems)) {
    PD_CUDA_CHECK(cudaMemcpyAsync(dst, src, width * rows, cudaMemcpyDeviceToDevice, ctx.stream()));
    return;
  }
  const size_t dst_pitch = sizeof(T) * dst_stride, src_pitch = sizeof(T) * src_stride;
  const size_t limit = static_cast<size_t>(ctx.props().memPitch);
  if (dst_pitch <= limit && src_pitch <= limit) {
    PD_CUDA_CHECK(cudaMemcpy2DAsync(dst, dst_pitch, src, src_pitch, width, rows,
                                    cudaMemcpyDeviceToDevice, ctx.stream()));
    return;
  }
  for (int64_t r = 0; r < rows; ++r)
    PD_CUDA_CHECK(cudaMemcpyAsync(dst + r * dst_stride, src + r * src_stride, width,
                                  cudaMemcpyDeviceToDevice, ctx.stream()));
}

}  // namespace strided
}  // namespace gpu
}  // namespace phi
