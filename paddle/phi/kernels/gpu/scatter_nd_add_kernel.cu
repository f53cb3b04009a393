// scatter_nd_add and scatter_nd_add_grad on GPU. Index is copied to the host and checked there
// with the CPU kernel's check (funcs::ScatterNdOffsets), so an out-of-range coordinate raises
// the same typed error (this waits for the stream); the slice offsets go back to the device.
// The forward copies X and atomically adds every Updates element into its slice (repeated
// tuples add in varying order); the grad copies Out@GRAD to X@GRAD and gathers Updates@GRAD.
#include <cstdint>
#include <utility>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/funcs/scatter_nd.h"
#include "paddle/phi/kernels/scatter_nd_add_kernel.h"

namespace phi {
namespace gpu_scatter_nd_add {

// out[offsets[i] * slice + s] += updates[i * slice + s] for every t = i * slice + s < total.
template <typename T>
__global__ void AddSlicesKernel(const T* updates, const int64_t* offsets, int64_t slice,
                                int64_t total, T* out) {
  PD_GPU_LOOP(t, total) {
    gpu::AtomicAdd(out + offsets[t / slice] * slice + t % slice, updates[t]);
  }
}

// dst[i * slice + s] = src[offsets[i] * slice + s].
template <typename T>
__global__ void GatherSlicesKernel(const T* src, const int64_t* offsets, int64_t slice,
                                   int64_t total, T* dst) {
  PD_GPU_LOOP(t, total) { dst[t] = src[offsets[t / slice] * slice + t % slice]; }
}

// Index read on the host and checked against x_dims; the offsets uploaded to *offsets.
inline funcs::ScatterNdGeometry Geometry(const GPUContext& ctx, const char* op,
                                         const DenseTensor& index, const DDim& x_dims,
                                         DenseTensor* offsets) {
  PD_CHECK(index.dtype() == DataType::INT32 || index.dtype() == DataType::INT64, InvalidArgument,
           "expected ", op, "'s Index to be int32 or int64, but got ", index.dtype());
  const int64_t n = index.numel();
  std::vector<int64_t> coords;
  if (n > 0) {
    std::vector<char> raw(index.nbytes());
    PD_CUDA_CHECK(cudaMemcpyAsync(raw.data(), index.raw_data(), raw.size(), cudaMemcpyDeviceToHost,
                                  ctx.stream()));
    ctx.Wait();
    coords = funcs::IndexValues(op, index.dtype(), raw.data(), n);
  }
  funcs::ScatterNdGeometry g = funcs::ScatterNdOffsets(op, coords.data(), index.dims(), x_dims);
  const int64_t count = static_cast<int64_t>(g.offsets.size());
  *offsets = DenseTensor(DataType::INT64, DDim({count}));
  int64_t* dst = ctx.template Alloc<int64_t>(offsets);
  if (count > 0) {
    // From pageable memory: returns once the offsets have been staged.
    PD_CUDA_CHECK(cudaMemcpyAsync(dst, g.offsets.data(), sizeof(int64_t) * count,
                                  cudaMemcpyHostToDevice, ctx.stream()));
  }
  return g;
}

}  // namespace gpu_scatter_nd_add

template <typename T, typename Context>
void ScatterNdAddKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index,
                        const DenseTensor& updates, DenseTensor* out) {
  const DenseTensor x_in = x, index_in = index, updates_in = updates;  // Out may be X
  DenseTensor offsets;
  const funcs::ScatterNdGeometry g =
      gpu_scatter_nd_add::Geometry(dev_ctx, "scatter_nd_add", index_in, x_in.dims(), &offsets);
  const int64_t count = static_cast<int64_t>(g.offsets.size());
  funcs::CheckScatterNdUpdates("scatter_nd_add's Updates", updates_in.dims(), g, "X");
  out->Resize(x_in.dims());
  T* dst = funcs::AllocUnaliased<T>(dev_ctx, out, {&x_in, &index_in, &updates_in});
  const int64_t n = x_in.numel();
  if (n > 0) {
    PD_CUDA_CHECK(cudaMemcpyAsync(dst, x_in.data<T>(), sizeof(T) * n, cudaMemcpyDeviceToDevice,
                                  dev_ctx.stream()));
  }
  const int64_t total = count * g.slice;
  if (total <= 0) return;
  gpu_scatter_nd_add::AddSlicesKernel<T>
      <<<gpu::BlocksFor(dev_ctx, total), gpu::kThreads, 0, dev_ctx.stream()>>>(
          updates_in.data<T>(), std::as_const(offsets).data<int64_t>(), g.slice, total, dst);
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename Context>
void ScatterNdAddGradKernel(const Context& dev_ctx, const DenseTensor& index,
                            const DenseTensor& out_grad, DenseTensor* x_grad,
                            DenseTensor* updates_grad) {
  const DenseTensor g_in = out_grad, index_in = index;  // a grad may share Out@GRAD's variable
  DenseTensor offsets;
  const funcs::ScatterNdGeometry g =
      gpu_scatter_nd_add::Geometry(dev_ctx, "scatter_nd_add_grad", index_in, g_in.dims(), &offsets);
  const int64_t count = static_cast<int64_t>(g.offsets.size());
  const int64_t n = g_in.numel();
  const T* src = n > 0 ? g_in.data<T>() : nullptr;
  if (updates_grad != nullptr) {
    funcs::CheckScatterNdUpdates("scatter_nd_add_grad's Updates@GRAD", updates_grad->dims(), g,
                                 "Out@GRAD");
    T* dst = funcs::AllocUnaliased<T>(dev_ctx, updates_grad, {&g_in, &index_in});
    const int64_t total = count * g.slice;
    if (total > 0) {
      gpu_scatter_nd_add::GatherSlicesKernel<T>
          <<<gpu::BlocksFor(dev_ctx, total), gpu::kThreads, 0, dev_ctx.stream()>>>(
              src, std::as_const(offsets).data<int64_t>(), g.slice, total, dst);
      PD_CUDA_CHECK_LAUNCH();
    }
  }
  if (x_grad != nullptr) {
    x_grad->Resize(g_in.dims());
    T* dst = funcs::AllocUnaliased<T>(dev_ctx, x_grad, {&g_in, &index_in});
    if (n > 0) {
      PD_CUDA_CHECK(
          cudaMemcpyAsync(dst, src, sizeof(T) * n, cudaMemcpyDeviceToDevice, dev_ctx.stream()));
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(scatter_nd_add, GPU, phi::ScatterNdAddKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(scatter_nd_add_grad, GPU, phi::ScatterNdAddGradKernel, float, double, int32_t,
                   int64_t);
