// argsort and argsort_grad on GPU. X seen as [outer, extent, inner]: every line along the axis
// is laid out as one contiguous segment of (key, position) pairs and the segments are sorted by
// a stable radix sort (cub::DeviceSegmentedSort::StableSortPairs, or ...Descending). As the
// CPU's std::stable_sort with NaN after every number, equal keys keep their order: the keys
// are X's values with -0.0 made +0.0 and every NaN one positive NaN, which the radix order
// puts after +inf (before every number when descending, as the CPU does). Out then gathers X
// at the sorted positions. The grad adds Out@GRAD back at Indices into a zeroed X@GRAD.
#include <cstdint>
#include <cub/device/device_segmented_sort.cuh>
#include <limits>
#include <type_traits>
#include <utility>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/argsort_kernel.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {
namespace gpu_argsort {

// The sort key of v: floats with one zero and one NaN, so that equal values compare equal.
template <typename T>
__device__ __forceinline__ T SortKey(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    if (v != v) return std::numeric_limits<T>::quiet_NaN();  // NOLINT: NaN test
    if (v == T(0)) return T(0);                              // -0.0 == 0.0
  }
  return v;
}

// keys / positions laid out [outer * inner, extent]; t walks that layout.
template <typename T>
__global__ void PrepareKernel(const T* x, int64_t n, int64_t extent, int64_t inner, T* keys,
                              int64_t* positions) {
  PD_GPU_LOOP(t, n) {
    const int64_t line = t / extent, j = t % extent;
    const int64_t o = line / inner, i = line % inner;
    keys[t] = SortKey(x[(o * extent + j) * inner + i]);
    positions[t] = j;
  }
}

__global__ void SegmentOffsetsKernel(int64_t lines, int64_t extent, int64_t* offsets) {
  PD_GPU_LOOP(r, lines + 1) { offsets[r] = r * extent; }
}

// Out and Indices back in X's layout: X gathered at the sorted positions.
template <typename T>
__global__ void FinishKernel(const T* x, const int64_t* sorted, int64_t n, int64_t extent,
                             int64_t inner, T* out, int64_t* indices) {
  PD_GPU_LOOP(t, n) {
    const int64_t line = t / extent, j = t % extent;
    const int64_t o = line / inner, i = line % inner;
    const int64_t base = o * extent * inner + i;
    const int64_t from = sorted[t];
    out[base + j * inner] = x[base + from * inner];
    indices[base + j * inner] = from;
  }
}

template <typename T>
__global__ void ScatterGradKernel(const int64_t* indices, const T* dout, int64_t n, int64_t extent,
                                  int64_t inner, T* dx) {
  PD_GPU_LOOP(t, n) {
    const int64_t i = t % inner;
    const int64_t o = t / (inner * extent);
    const int64_t from = indices[t];
    if (from >= 0 && from < extent) atomicAdd(dx + (o * extent + from) * inner + i, dout[t]);
  }
}

}  // namespace gpu_argsort

template <typename T, typename Context>
void ArgsortKernel(const Context& dev_ctx, const DenseTensor& x, int axis, bool descending,
                   DenseTensor* out, DenseTensor* indices) {
  const DenseTensor in_t = x;
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(in_t.dims(), axis);
  T* r = funcs::AllocUnaliased<T>(dev_ctx, out, {&in_t});
  int64_t* ids = funcs::AllocUnaliased<int64_t>(dev_ctx, indices, {&in_t});
  const int64_t n = in_t.numel();
  if (n == 0) return;
  const T* in = in_t.data<T>();
  const int64_t lines = s.outer * s.inner;
  cudaStream_t stream = dev_ctx.stream();
  DenseTensor keys_in(CppTypeToDataType<T>::value, DDim({n}));
  DenseTensor keys_out(CppTypeToDataType<T>::value, DDim({n}));
  DenseTensor pos_in(DataType::INT64, DDim({n}));
  DenseTensor pos_out(DataType::INT64, DDim({n}));
  DenseTensor offsets(DataType::INT64, DDim({lines + 1}));
  T* k_in = dev_ctx.template Alloc<T>(&keys_in);
  T* k_out = dev_ctx.template Alloc<T>(&keys_out);
  int64_t* p_in = dev_ctx.template Alloc<int64_t>(&pos_in);
  int64_t* p_out = dev_ctx.template Alloc<int64_t>(&pos_out);
  int64_t* off = dev_ctx.template Alloc<int64_t>(&offsets);
  const int blocks = gpu::BlocksFor(dev_ctx, n);
  gpu_argsort::PrepareKernel<T>
      <<<blocks, gpu::kThreads, 0, stream>>>(in, n, s.axis_extent, s.inner, k_in, p_in);
  PD_CUDA_CHECK_LAUNCH();
  gpu_argsort::
      SegmentOffsetsKernel<<<gpu::BlocksFor(dev_ctx, lines + 1), gpu::kThreads, 0, stream>>>(
          lines, s.axis_extent, off);
  PD_CUDA_CHECK_LAUNCH();
  size_t temp_bytes = 0;
  if (descending) {
    PD_CUDA_CHECK(cub::DeviceSegmentedSort::StableSortPairsDescending(
        nullptr, temp_bytes, k_in, k_out, p_in, p_out, n, lines, off, off + 1, stream));
  } else {
    PD_CUDA_CHECK(cub::DeviceSegmentedSort::StableSortPairs(nullptr, temp_bytes, k_in, k_out, p_in,
                                                            p_out, n, lines, off, off + 1, stream));
  }
  DenseTensor temp(DataType::UINT8, DDim({static_cast<int64_t>(temp_bytes) + 1}));
  void* temp_data = dev_ctx.template Alloc<uint8_t>(&temp);
  if (descending) {
    PD_CUDA_CHECK(cub::DeviceSegmentedSort::StableSortPairsDescending(
        temp_data, temp_bytes, k_in, k_out, p_in, p_out, n, lines, off, off + 1, stream));
  } else {
    PD_CUDA_CHECK(cub::DeviceSegmentedSort::StableSortPairs(
        temp_data, temp_bytes, k_in, k_out, p_in, p_out, n, lines, off, off + 1, stream));
  }
  gpu_argsort::FinishKernel<T>
      <<<blocks, gpu::kThreads, 0, stream>>>(in, p_out, n, s.axis_extent, s.inner, r, ids);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void ArgsortGradKernel(const Context& dev_ctx, const DenseTensor& indices, const DenseTensor& dout,
                       int axis, DenseTensor* dx) {
  const DenseTensor d_in = dout, ids_in = indices;
  // X@GRAD takes X's dims: X, Indices and Out@GRAD must agree (each entry is written once).
  PD_CHECK(dx->dims() == d_in.dims(), InvalidArgument,
           "expected argsort_grad's X and Out@GRAD to have the same dims, but got ", dx->dims(),
           " and ", d_in.dims());
  PD_CHECK(ids_in.dims() == d_in.dims(), InvalidArgument,
           "expected argsort_grad's Indices to have Out@GRAD's dims ", d_in.dims(), ", but got ",
           ids_in.dims());
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(d_in.dims(), axis);
  T* r = funcs::AllocUnaliased<T>(dev_ctx, dx, {&d_in, &ids_in});
  const int64_t n = d_in.numel();
  if (n == 0) return;
  PD_CUDA_CHECK(cudaMemsetAsync(r, 0, sizeof(T) * n, dev_ctx.stream()));
  gpu_argsort::ScatterGradKernel<T>
      <<<gpu::BlocksFor(dev_ctx, n), gpu::kThreads, 0, dev_ctx.stream()>>>(
          ids_in.data<int64_t>(), d_in.data<T>(), n, s.axis_extent, s.inner, r);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(argsort, GPU, phi::ArgsortKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(argsort_grad, GPU, phi::ArgsortGradKernel, float, double);
