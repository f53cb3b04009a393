// Row machinery of the GPU kernels that reduce along one axis of a tensor seen as
// [outer, n, inner] (softmax, log_softmax, cross entropy, arg_max, top_k, layer_norm): a row
// is processed by one block (contiguous rows) or by one thread (strided or short rows) through
// the same functor, plus deterministic column sums for the parameter gradients.
#pragma once

#include <algorithm>
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/softmax.h"

namespace phi {
namespace gpu {
namespace rows {

constexpr int kBlock = 256;  // threads of a row block (a power of two: the tree below halves)

// The reduction of every thread's v over the block, returned to all threads; every thread of
// the block must call it. T must be trivially constructible (it lives in shared memory).
template <typename T, typename Op>
__device__ T BlockAllReduce(T v, Op op) {
  __shared__ T smem[kBlock];
  const int tid = threadIdx.x;
  smem[tid] = v;
  __syncthreads();
  for (int half = kBlock / 2; half > 0; half >>= 1) {
    if (tid < half) smem[tid] = op(smem[tid], smem[tid + half]);
    __syncthreads();
  }
  const T result = smem[0];
  __syncthreads();  // smem is reused by the next call
  return result;
}

struct SumOp {
  template <typename T>
  __device__ T operator()(T a, T b) const {
    return a + b;
  }
};

// std::max's rule (a NaN first operand stays, a NaN second one is dropped), as the CPU loops.
struct MaxOp {
  template <typename T>
  __device__ T operator()(T a, T b) const {
    return a < b ? b : a;
  }
};

// The threads working on one row: the whole block, each thread taking every kBlock-th
// element and combining through shared memory ...
struct BlockGroup {
  __device__ int64_t first() const { return threadIdx.x; }
  __device__ int64_t step() const { return kBlock; }
  template <typename T, typename Op>
  __device__ T Reduce(T v, Op op) const {
    return BlockAllReduce(v, op);
  }
};

// ... or one thread taking every element.
struct ThreadGroup {
  __device__ int64_t first() const { return 0; }
  __device__ int64_t step() const { return 1; }
  template <typename T, typename Op>
  __device__ T Reduce(T v, Op) const {
    return v;
  }
};

// One row of [outer, n, inner]: element j is at base + j * stride; `index` = o * inner + i
// numbers the row (the position of its per-row outputs).
struct Row {
  int64_t index;
  int64_t base;
  int64_t stride;
  int64_t n;
};

template <typename Fn>
__global__ void BlockRowsKernel(Fn fn, int64_t count, int64_t n) {
  for (int64_t r = blockIdx.x; r < count; r += gridDim.x) fn(BlockGroup{}, Row{r, r * n, 1, n});
}

template <typename Fn>
__global__ void ThreadRowsKernel(Fn fn, int64_t outer, int64_t n, int64_t inner) {
  PD_GPU_LOOP(r, outer * inner) {
    const int64_t o = r / inner, i = r % inner;
    fn(ThreadGroup{}, Row{r, o * n * inner + i, inner, n});
  }
}

// Runs fn(group, row) for every row of the shape: contiguous rows of some length get a block
// each; strided rows (inner > 1, where neighbouring threads then read neighbouring addresses)
// and short rows get a thread each. Rows must be independent.
template <typename Fn>
void ForEachRow(const GPUContext& ctx, const funcs::SoftmaxShape& s, const Fn& fn) {
  const int64_t count = s.outer * s.inner;
  if (count == 0) return;
  if (s.inner == 1 && s.axis_extent >= 64) {
    const int blocks = static_cast<int>(std::min<int64_t>(count, 1 << 20));
    BlockRowsKernel<Fn><<<blocks, kBlock, 0, ctx.stream()>>>(fn, count, s.axis_extent);
  } else {
    ThreadRowsKernel<Fn><<<BlocksFor(ctx, count), kThreads, 0, ctx.stream()>>>(
        fn, s.outer, s.axis_extent, s.inner);
  }
  PD_CUDA_CHECK_LAUNCH();
}

template <typename Acc, typename Fn>
__global__ void ColumnPartialKernel(Fn fn, int64_t rows, int64_t cols, int64_t chunk_rows,
                                    int64_t chunks, Acc* partial) {
  PD_GPU_LOOP(t, chunks * cols) {
    const int64_t c = t / cols, j = t % cols;
    const int64_t end = std::min(rows, (c + 1) * chunk_rows);
    Acc sum = Acc(0);
    for (int64_t r = c * chunk_rows; r < end; ++r) sum += fn(r, j);
    partial[t] = sum;
  }
}

template <typename Acc, typename OutT>
__global__ void ColumnFinishKernel(const Acc* partial, int64_t chunks, int64_t cols, OutT* out) {
  PD_GPU_LOOP(j, cols) {
    Acc sum = Acc(0);
    for (int64_t c = 0; c < chunks; ++c) sum += partial[c * cols + j];
    out[j] = static_cast<OutT>(sum);
  }
}

// out[j] = sum over r < rows of fn(r, j) (an Acc, device-callable), for j < cols: rows are
// cut into chunks summed side by side, then the chunk sums added in chunk order, so the result
// never depends on scheduling. Threads of a chunk read neighbouring columns.
template <typename Acc, typename OutT, typename Fn>
void ColumnSums(const GPUContext& ctx, int64_t rows, int64_t cols, const Fn& fn, OutT* out) {
  if (cols == 0) return;
  const int64_t target_chunks = std::max<int64_t>(1, (int64_t{1} << 16) / cols);
  const int64_t chunk_rows =
      std::max<int64_t>(1, (rows + target_chunks - 1) / std::max<int64_t>(1, target_chunks));
  const int64_t chunks = rows == 0 ? 0 : (rows + chunk_rows - 1) / chunk_rows;
  DenseTensor partial(CppTypeToDataType<Acc>::value, DDim({std::max<int64_t>(1, chunks * cols)}));
  Acc* partial_data = ctx.template Alloc<Acc>(&partial);
  if (chunks > 0) {
    ColumnPartialKernel<Acc, Fn><<<BlocksFor(ctx, chunks * cols), kThreads, 0, ctx.stream()>>>(
        fn, rows, cols, chunk_rows, chunks, partial_data);
    PD_CUDA_CHECK_LAUNCH();
  }
  ColumnFinishKernel<Acc, OutT><<<BlocksFor(ctx, cols), kThreads, 0, ctx.stream()>>>(
      partial_data, chunks, cols, out);
  PD_CUDA_CHECK_LAUNCH();
}

}  // namespace rows
}  // namespace gpu
}  // namespace phi
