// scatter and scatter_grad on GPU. X is copied into Out, then with overwrite the update of the
// last occurrence of each id (found with atomicMax over the ids' positions) is written to its
// row; without it the indexed rows are zeroed and every update is added atomically (repeated
// ids sum in varying order). The grad: X@GRAD is Out@GRAD with the indexed rows zeroed;
// Updates@GRAD gathers Out@GRAD at Ids (with overwrite only for the last occurrence of an id).
// Ids stay on the device, so one outside [0, X.dims[0]) cannot raise as on the CPU: it is
// skipped (its Updates@GRAD row is zero).
#include <cstdint>
#include <type_traits>
#include <utility>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/manipulation.h"
#include "paddle/phi/kernels/gpu/strided_copy.cuh"
#include "paddle/phi/kernels/scatter_kernel.h"

namespace phi {
namespace gpu_scatter {

template <typename IdT>
__device__ __forceinline__ int64_t RowOf(const IdT* ids, int64_t j, int64_t rows) {
  const int64_t id = static_cast<int64_t>(ids[j]);
  return id >= 0 && id < rows ? id : -1;
}

// last[row] = the largest position j with ids[j] == row (last starts at -1).
template <typename IdT>
__global__ void LastOccurrenceKernel(const IdT* ids, int64_t n, int64_t rows,
                                     long long* last) {  // NOLINT
  PD_GPU_LOOP(j, n) {
    const int64_t id = RowOf(ids, j, rows);
    if (id >= 0) atomicMax(last + id, static_cast<long long>(j));  // NOLINT
  }
}

// Out[ids[j]] = updates[j] for the last occurrence j of each id.
template <typename B, typename IdT>
__global__ void OverwriteRowsKernel(const B* updates, const IdT* ids,
                                    const long long* last,  // NOLINT
                                    int64_t n, int64_t rows, int64_t row, B* out) {
  PD_GPU_LOOP(t, n * row) {
    const int64_t j = t / row, s = t % row;
    const int64_t id = RowOf(ids, j, rows);
    if (id >= 0 && last[id] == j) out[id * row + s] = updates[t];
  }
}

// Out[ids[j]] = 0 for every j.
template <typename B, typename IdT>
__global__ void ZeroRowsKernel(const IdT* ids, int64_t n, int64_t rows, int64_t row, B* out) {
  PD_GPU_LOOP(t, n * row) {
    const int64_t j = t / row, s = t % row;
    const int64_t id = RowOf(ids, j, rows);
    if (id >= 0) out[id * row + s] = B(0);
  }
}

template <typename T, typename IdT>
__global__ void AddRowsKernel(const T* updates, const IdT* ids, int64_t n, int64_t rows,
                              int64_t row, T* out) {
  PD_GPU_LOOP(t, n * row) {
    const int64_t j = t / row, s = t % row;
    const int64_t id = RowOf(ids, j, rows);
    if (id >= 0) gpu::AtomicAdd(out + id * row + s, updates[t]);
  }
}

// dupdates[j] = dout[ids[j]] where update j was kept (every j without overwrite), else 0.
template <typename B, typename IdT>
__global__ void GatherRowsKernel(const B* dout, const IdT* ids, const long long* last,  // NOLINT
                                 int64_t n, int64_t rows, int64_t row, B* dupdates) {
  PD_GPU_LOOP(t, n * row) {
    const int64_t j = t / row, s = t % row;
    const int64_t id = RowOf(ids, j, rows);
    const bool kept = id >= 0 && (last == nullptr || last[id] == j);
    dupdates[t] = kept ? dout[id * row + s] : B(0);
  }
}

inline void CheckIds(const DenseTensor& ids) {
  PD_CHECK(ids.dtype() == DataType::INT32 || ids.dtype() == DataType::INT64, InvalidArgument,
           "expected scatter's Ids to be int32 or int64, but got ", ids.dtype());
}

// A device array of `rows` entries of -1, then the last position of every id in it.
template <typename IdT>
DenseTensor LastOccurrences(const GPUContext& ctx, const IdT* ids, int64_t n, int64_t rows) {
  DenseTensor last(DataType::INT64, DDim({rows}));
  long long* p = reinterpret_cast<long long*>(ctx.template Alloc<int64_t>(&last));  // NOLINT
  if (rows > 0) {
    PD_CUDA_CHECK(cudaMemsetAsync(p, 0xff, sizeof(int64_t) * rows, ctx.stream()));  // all -1
    if (n > 0) {
      LastOccurrenceKernel<IdT>
          <<<gpu::BlocksFor(ctx, n), gpu::kThreads, 0, ctx.stream()>>>(ids, n, rows, p);
      PD_CUDA_CHECK_LAUNCH();
    }
  }
  return last;
}

template <typename T, typename IdT>
void Scatter(const GPUContext& ctx, const T* updates, const IdT* ids, int64_t n, int64_t rows,
             int64_t row, bool overwrite, T* out) {
  using B = gpu::strided::Bits<T>;
  const int64_t total = n * row;
  if (total <= 0) return;
  const int blocks = gpu::BlocksFor(ctx, total);
  if (overwrite) {
    const DenseTensor last = LastOccurrences(ctx, ids, n, rows);
    OverwriteRowsKernel<B, IdT><<<blocks, gpu::kThreads, 0, ctx.stream()>>>(
        reinterpret_cast<const B*>(updates), ids,
        reinterpret_cast<const long long*>(last.data<int64_t>()), n, rows, row,  // NOLINT
        reinterpret_cast<B*>(out));
  } else {
    ZeroRowsKernel<B, IdT>
        <<<blocks, gpu::kThreads, 0, ctx.stream()>>>(ids, n, rows, row, reinterpret_cast<B*>(out));
    PD_CUDA_CHECK_LAUNCH();
    AddRowsKernel<T, IdT>
        <<<blocks, gpu::kThreads, 0, ctx.stream()>>>(updates, ids, n, rows, row, out);
  }
  PD_CUDA_CHECK_LAUNCH();
}

template <typename T, typename IdT>
void ScatterGrad(const GPUContext& ctx, const T* dout, const IdT* ids, int64_t n, int64_t rows,
                 int64_t row, bool overwrite, T* dx, T* dupdates) {
  using B = gpu::strided::Bits<T>;
  const int64_t total = n * row;
  if (total <= 0) return;
  const int blocks = gpu::BlocksFor(ctx, total);
  if (dupdates != nullptr) {  // first: dx may share Out@GRAD's storage
    DenseTensor last;
    const long long* kept = nullptr;  // NOLINT
    if (overwrite) {
      last = LastOccurrences(ctx, ids, n, rows);
      kept = reinterpret_cast<const long long*>(std::as_const(last).data<int64_t>());  // NOLINT
    }
    GatherRowsKernel<B, IdT><<<blocks, gpu::kThreads, 0, ctx.stream()>>>(
        reinterpret_cast<const B*>(dout), ids, kept, n, rows, row, reinterpret_cast<B*>(dupdates));
    PD_CUDA_CHECK_LAUNCH();
  }
  if (dx != nullptr) {
    ZeroRowsKernel<B, IdT>
        <<<blocks, gpu::kThreads, 0, ctx.stream()>>>(ids, n, rows, row, reinterpret_cast<B*>(dx));
    PD_CUDA_CHECK_LAUNCH();
  }
}

}  // namespace gpu_scatter

template <typename T, typename Context>
void ScatterKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& ids,
                   const DenseTensor& updates, bool overwrite, DenseTensor* out) {
  const DenseTensor x_in = x, ids_in = ids, up_in = updates;  // Out may be X itself
  const DDim& xd = x_in.dims();
  gpu_scatter::CheckIds(ids_in);
  const int64_t n = ids_in.numel();
  PD_CHECK(up_in.dims()[0] == n, InvalidArgument,
           "expected scatter's Updates.dims[0] to equal the number of Ids (", n, "), but got ",
           up_in.dims());
  const int64_t row = product(xd, 1, xd.size());
  PD_CHECK(up_in.numel() == n * row, InvalidArgument,
           "expected scatter's Updates.dims[1:] to equal X.dims[1:], but got Updates ",
           up_in.dims(), " for X ", xd);
  T* r = funcs::AllocUnaliased<T>(dev_ctx, out, {&ids_in, &up_in});  // X may be Out: copied
  const int64_t total = x_in.numel();
  const T* in = total > 0 ? x_in.data<T>() : nullptr;
  if (total > 0 && r != in) {
    PD_CUDA_CHECK(
        cudaMemcpyAsync(r, in, sizeof(T) * total, cudaMemcpyDeviceToDevice, dev_ctx.stream()));
  }
  if (n * row <= 0) return;
  const T* up = up_in.data<T>();
  if (ids_in.dtype() == DataType::INT64) {
    gpu_scatter::Scatter<T>(dev_ctx, up, ids_in.data<int64_t>(), n, xd[0], row, overwrite, r);
  } else {
    gpu_scatter::Scatter<T>(dev_ctx, up, ids_in.data<int32_t>(), n, xd[0], row, overwrite, r);
  }
}

template <typename T, typename Context>
void ScatterGradKernel(const Context& dev_ctx, const DenseTensor& ids, const DenseTensor& dout,
                       bool overwrite, DenseTensor* dx, DenseTensor* dupdates) {
  const DenseTensor g = dout, ids_in = ids;
  const DDim& od = g.dims();
  gpu_scatter::CheckIds(ids_in);
  const int64_t n = ids_in.numel();
  const int64_t row = product(od, 1, od.size());
  const T* src = g.numel() > 0 ? g.data<T>() : nullptr;
  T* up = nullptr;
  if (dupdates != nullptr) up = funcs::AllocUnaliased<T>(dev_ctx, dupdates, {&g, &ids_in});
  T* r = nullptr;
  if (dx != nullptr) {
    r = funcs::AllocUnaliased<T>(dev_ctx, dx, {&ids_in});  // may be Out@GRAD's storage
    if (g.numel() > 0 && r != src) {
      PD_CUDA_CHECK(cudaMemcpyAsync(r, src, sizeof(T) * g.numel(), cudaMemcpyDeviceToDevice,
                                    dev_ctx.stream()));
    }
  }
  if (n * row <= 0) return;
  if (ids_in.dtype() == DataType::INT64) {
    gpu_scatter::ScatterGrad<T>(dev_ctx, src, ids_in.data<int64_t>(), n, od[0], row, overwrite, r,
                                up);
  } else {
    gpu_scatter::ScatterGrad<T>(dev_ctx, src, ids_in.data<int32_t>(), n, od[0], row, overwrite, r,
                                up);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(scatter, GPU, phi::ScatterKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(scatter_grad, GPU, phi::ScatterGradKernel, float, double, int32_t, int64_t);
