// embedding_grad (lookup_table_v2_grad) on GPU: a dense W@GRAD, zeroed, then every Out@GRAD
// row atomically added into the row of its id (the padding_idx row and ids outside [0, V),
// which the CPU kernel refuses, get nothing). The order of the atomic adds varies, so repeated
// ids sum in varying order.
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/embedding_grad_kernel.h"

namespace phi {
namespace {

template <typename T, typename IdT>
__global__ void EmbeddingScatterAddKernel(const IdT* ids, const T* dout, int64_t count,
                                          int64_t vocabulary, int64_t width, int64_t padding_idx,
                                          T* dw) {
  PD_GPU_LOOP(t, count * width) {
    const int64_t i = t / width, j = t % width;
    const int64_t id = static_cast<int64_t>(ids[i]);
    if ((padding_idx != -1 && id == padding_idx) || id < 0 || id >= vocabulary) continue;
    atomicAdd(dw + id * width + j, dout[t]);
  }
}

template <typename T, typename IdT>
void ScatterAdd(const GPUContext& ctx, const DenseTensor& ids, const T* dout, int64_t vocabulary,
                int64_t width, int64_t padding_idx, T* dw) {
  const int64_t n = ids.numel() * width;
  if (n == 0) return;
  EmbeddingScatterAddKernel<T, IdT><<<gpu::BlocksFor(ctx, n), gpu::kThreads, 0, ctx.stream()>>>(
      ids.data<IdT>(), dout, ids.numel(), vocabulary, width, padding_idx, dw);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <typename T, typename Context>
void EmbeddingGradKernel(const Context& dev_ctx, const DenseTensor& ids,
                         const DenseTensor& weight, const DenseTensor& out_grad,
                         int64_t padding_idx, DenseTensor* weight_grad) {
  if (weight_grad == nullptr) return;
  const int64_t vocabulary = weight.dims()[0];
  const int64_t width = weight.dims()[1];
  const int64_t count = ids.numel();
  PD_CHECK(out_grad.numel() == count * width, InvalidArgument,
           "expected lookup_table_v2_grad's Out@GRAD to have ", count, " x ", width,
           " elements (Ids ", ids.dims(), ", W ", weight.dims(), "), but got ", out_grad.dims());
  const T* dout = out_grad.data<T>();
  T* dw = dev_ctx.template Alloc<T>(weight_grad);
  if (vocabulary * width > 0)
    PD_CUDA_CHECK(cudaMemsetAsync(dw, 0, sizeof(T) * vocabulary * width, dev_ctx.stream()));
  if (ids.dtype() == DataType::INT32) {
    ScatterAdd<T, int32_t>(dev_ctx, ids, dout, vocabulary, width, padding_idx, dw);
  } else {
    PD_CHECK(ids.dtype() == DataType::INT64, InvalidArgument,
             "expected lookup_table_v2's Ids to be int64 or int32, but got ", ids.dtype());
    ScatterAdd<T, int64_t>(dev_ctx, ids, dout, vocabulary, width, padding_idx, dw);
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(embedding_grad, GPU, phi::EmbeddingGradKernel, float, double);
