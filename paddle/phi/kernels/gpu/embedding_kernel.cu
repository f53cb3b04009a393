// embedding (lookup_table_v2) on GPU: Out[i, :] = W[Ids[i], :], zero rows for padding_idx.
// An id outside [0, V) cannot raise from the device: its row is NaN (ids are not read on the
// host, which would stall the stream), where the CPU kernel raises InvalidArgument.
#include <cmath>
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/embedding_kernel.h"

namespace phi {
namespace {

template <typename T, typename IdT>
__global__ void EmbeddingLookupKernel(const IdT* ids, const T* table, int64_t count,
                                      int64_t vocabulary, int64_t width, int64_t padding_idx,
                                      T* out) {
  PD_GPU_LOOP(t, count * width) {
    const int64_t i = t / width, j = t % width;
    const int64_t id = static_cast<int64_t>(ids[i]);
    if (padding_idx != -1 && id == padding_idx) {
      out[t] = T(0);
    } else if (id < 0 || id >= vocabulary) {
      out[t] = static_cast<T>(NAN);
    } else {
      out[t] = table[id * width + j];
    }
  }
}

template <typename T, typename IdT>
void Lookup(const GPUContext& ctx, const DenseTensor& ids, const T* table, int64_t vocabulary,
            int64_t width, int64_t padding_idx, T* out) {
  const int64_t n = ids.numel() * width;
  if (n == 0) return;
  EmbeddingLookupKernel<T, IdT><<<gpu::BlocksFor(ctx, n), gpu::kThreads, 0, ctx.stream()>>>(
      ids.data<IdT>(), table, ids.numel(), vocabulary, width, padding_idx, out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <typename T, typename Context>
void EmbeddingKernel(const Context& dev_ctx, const DenseTensor& ids, const DenseTensor& weight,
                     int64_t padding_idx, DenseTensor* out) {
  const int64_t vocabulary = weight.dims()[0];
  const int64_t width = weight.dims()[1];
  const T* table = weight.data<T>();
  T* result = dev_ctx.template Alloc<T>(out);
  if (ids.dtype() == DataType::INT32) {
    Lookup<T, int32_t>(dev_ctx, ids, table, vocabulary, width, padding_idx, result);
  } else {
    PD_CHECK(ids.dtype() == DataType::INT64, InvalidArgument,
             "expected lookup_table_v2's Ids to be int64 or int32, but got ", ids.dtype());
    Lookup<T, int64_t>(dev_ctx, ids, table, vocabulary, width, padding_idx, result);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(embedding, GPU, phi::EmbeddingKernel, float, double);
