// topk (top_k_v2) and topk_v1 on GPU: impl/top_k_kernel_impl.h's kernels, with per row of
// [outer, n, inner] k selection passes, each a reduction for the best candidate after the
// previous pick in top_k's strict order (better value first, NaN the largest, equal values by
// index), so the k results come out sorted as on the CPU. O(k * n) per row: meant for the small
// k of classification heads.
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/arg_extreme.cuh"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
#include "paddle/phi/kernels/impl/top_k_kernel_impl.h"
#include "paddle/phi/kernels/top_k_kernel.h"

namespace phi {
namespace {

template <typename T>
struct TopkRow {
  const T* in;
  T* values;
  int64_t* positions;
  int64_t k;
  int64_t inner;
  bool largest;
  template <typename Group>
  __device__ void operator()(Group group, gpu::rows::Row row) const {
    using gpu::select::Candidate;
    const gpu::select::TopkFirstOp op{largest};
    const int64_t o = row.index / inner, i = row.index % inner;
    const int64_t out_base = o * k * inner + i;
    Candidate<T> previous{T(), 0, false};
    for (int64_t p = 0; p < k; ++p) {
      Candidate<T> best{T(), 0, false};
      for (int64_t j = group.first(); j < row.n; j += group.step()) {
        const Candidate<T> c{in[row.base + j * row.stride], j, true};
        if (!previous.valid || gpu::select::TopkBefore(previous, c, largest)) best = op(best, c);
      }
      best = group.Reduce(best, op);
      if (group.first() == 0) {
        values[out_base + p * inner] = best.value;
        positions[out_base + p * inner] = best.index;
      }
      previous = best;
    }
  }
};

}  // namespace

template <typename T>
void TopkRows(const GPUContext& ctx, const funcs::SoftmaxShape& s, const T* in, int64_t k,
              bool largest, T* values, int64_t* positions) {
  gpu::rows::ForEachRow(ctx, s, TopkRow<T>{in, values, positions, k, s.inner, largest});
}

}  // namespace phi

PD_REGISTER_KERNEL(topk, GPU, phi::TopkKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(topk_v1, GPU, phi::TopkV1Kernel, float, double, int32_t, int64_t);
