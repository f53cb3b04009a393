// gather_nd and gather_nd_grad on GPU: Index [..., k] names slices of X (the dims after its
// first k); each output element finds its slice's offset from its index tuple on the device
// (negative coordinates count from the end). The grad zeroes X@GRAD and atomically adds every
// Out@GRAD slice into its slice (tuples may repeat, so repeated slices sum in varying order).
// Index values stay on the device, so one outside [-extent, extent) cannot raise as on the
// CPU: its slice gathers zeros and its gradient is dropped.
#include <cstdint>
#include <type_traits>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/gather_nd_kernel.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"

namespace phi {
namespace gpu_gather_nd {

// The geometry: `count` index tuples of k coordinates into extents[0, k), slices of `slice`
// elements.
struct Geometry {
  int k = 0;
  int64_t extents[DDim::kMaxRank] = {0};
  int64_t count = 0;
  int64_t slice = 1;
};

// The slice offset of tuple i, or -1 when a coordinate is out of range.
template <typename IndexT>
__device__ __forceinline__ int64_t SliceOffset(const IndexT* index, const Geometry& g, int64_t i) {
  int64_t off = 0;
  for (int j = 0; j < g.k; ++j) {
    const int64_t extent = g.extents[j];
    int64_t v = static_cast<int64_t>(index[i * g.k + j]);
    if (v < -extent || v >= extent) return -1;
    if (v < 0) v += extent;
    off = off * extent + v;
  }
  return off;
}

template <typename B, typename IndexT>
__global__ void GatherNdKernel(const B* x, const IndexT* index, Geometry g, B* out) {
  PD_GPU_LOOP(t, g.count * g.slice) {
    const int64_t i = t / g.slice, s = t % g.slice;
    const int64_t off = SliceOffset(index, g, i);
    out[t] = off >= 0 ? x[off * g.slice + s] : B(0);
  }
}

template <typename T, typename IndexT>
__global__ void GatherNdGradKernel(const T* dout, const IndexT* index, Geometry g, T* dx) {
  PD_GPU_LOOP(t, g.count * g.slice) {
    const int64_t i = t / g.slice, s = t % g.slice;
    const int64_t off = SliceOffset(index, g, i);
    if (off >= 0) gpu::AtomicAdd(dx + off * g.slice + s, dout[t]);
  }
}

inline Geometry MakeGeometry(const DenseTensor& index, const DDim& x_dims) {
  const DDim& id = index.dims();
  const int64_t k = id[id.size() - 1];
  PD_CHECK(k <= x_dims.size(), InvalidArgument,
           "expected gather_nd's Index.dims[-1] <= rank of X (", x_dims.size(), "), but got ", k);
  PD_CHECK(index.dtype() == DataType::INT32 || index.dtype() == DataType::INT64, InvalidArgument,
           "expected gather_nd's Index to be int32 or int64, but got ", index.dtype());
  Geometry g;
  g.k = static_cast<int>(k);
  for (int j = 0; j < g.k; ++j) g.extents[j] = x_dims[j];
  g.count = product(id, 0, id.size() - 1);
  g.slice = product(x_dims, g.k, x_dims.size());
  return g;
}

}  // namespace gpu_gather_nd

template <typename T, typename Context>
void GatherNdKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index,
                    DenseTensor* out) {
  using B = gpu::strided::Bits<T>;
  const DenseTensor x_in = x, index_in = index;  // Out may share a variable with X
  const gpu_gather_nd::Geometry g = gpu_gather_nd::MakeGeometry(index_in, x_in.dims());
  T* r = funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in, &index_in});
  const int64_t n = g.count * g.slice;
  if (n <= 0) return;
  const B* src = reinterpret_cast<const B*>(x_in.data<T>());
  const int blocks = gpu::BlocksFor(dev_ctx, n);
  if (index_in.dtype() == DataType::INT64) {
    gpu_gather_nd::GatherNdKernel<B, int64_t><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
        src, index_in.data<int64_t>(), g, reinterpret_cast<B*>(r));
  } else {
    gpu_gather_nd::GatherNdKernel<B, int32_t><<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(
        src, index_in.data<int32_t>(), g, reinterpret_cast<B*>(r));
  }
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void GatherNdGradKernel(const Context& dev_ctx, const DenseTensor& index, const DenseTensor& dout,
                        DenseTensor* dx) {
  const DenseTensor d_in = dout, index_in = index;  // X@GRAD may share Out@GRAD's storage
  const gpu_gather_nd::Geometry g = gpu_gather_nd::MakeGeometry(index_in, dx->dims());
  T* r = funcs::AllocUnaliased<T>(dev_ctx, dx, {&d_in, &index_in});
  if (dx->numel() > 0)
    PD_CUDA_CHECK(cudaMemsetAsync(r, 0, sizeof(T) * dx->numel(), dev_ctx.stream()));
  const int64_t n = g.count * g.slice;
  if (n <= 0 || dx->numel() == 0) return;
  const T* src = d_in.data<T>();
  const int blocks = gpu::BlocksFor(dev_ctx, n);
  if (index_in.dtype() == DataType::INT64) {
    gpu_gather_nd::GatherNdGradKernel<T, int64_t>
        <<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(src, index_in.data<int64_t>(), g, r);
  } else {
    gpu_gather_nd::GatherNdGradKernel<T, int32_t>
        <<<blocks, gpu::kThreads, 0, dev_ctx.stream()>>>(src, index_in.data<int32_t>(), g, r);
  }
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace phi

PD_REGISTER_KERNEL(gather_nd, GPU, phi::GatherNdKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(gather_nd_grad, GPU, phi::GatherNdGradKernel, float, double, int32_t, int64_t);
