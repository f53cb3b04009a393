// topk (top_k_v2) and topk_v1 on GPU: per row of [outer, n, inner], k selection passes, each
// a reduction for the best candidate after the previous pick in top_k's strict order (better
// value first, NaN the largest, equal values by index), so the k results come out sorted as
// on the CPU. O(k * n) per row: meant for the small k of classification heads.
#include <cstdint>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/softmax.h"
#include "paddle/phi/kernels/gpu/arg_extreme.cuh"
#include "paddle/phi/kernels/gpu/row_reduce.cuh"
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

template <typename T, typename Context>
void TopkKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* k_tensor, int k,
                int axis, bool largest, bool sorted, DenseTensor* out, DenseTensor* indices) {
  PD_CHECK(k_tensor == nullptr, Unimplemented,
           "expected top_k's k as the attribute 'k', but got a K tensor input, which is not "
           "supported");
  const funcs::SoftmaxShape s = funcs::MakeSoftmaxShape(x.dims(), axis);
  const int64_t n = s.axis_extent;
  PD_CHECK(k >= 1 && k <= n, InvalidArgument, "expected top_k's k in [1, ", n, "] for X ",
           x.dims(), ", but got ", k);
  T* values = dev_ctx.template Alloc<T>(out);
  int64_t* positions = dev_ctx.template Alloc<int64_t>(indices);
  gpu::rows::ForEachRow(dev_ctx, s,
                        TopkRow<T>{x.data<T>(), values, positions, k, s.inner, largest});
}

template <typename T, typename Context>
void TopkV1Kernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* k_tensor,
                  int k, DenseTensor* out, DenseTensor* indices) {
  TopkKernel<T>(dev_ctx, x, k_tensor, k, -1, true, true, out, indices);
}

}  // namespace phi

PD_REGISTER_KERNEL(topk, GPU, phi::TopkKernel, float, double, int32_t, int64_t);
PD_REGISTER_KERNEL(topk_v1, GPU, phi::TopkV1Kernel, float, double, int32_t, int64_t);
