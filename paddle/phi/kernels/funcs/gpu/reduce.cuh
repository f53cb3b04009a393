// GPU reductions of a contiguous tensor over any set of axes (funcs::ReducePlan), the helper
// behind the reduce kernels (sum, mean, max, min, mean_all) and behind the gradients of
// broadcast binary ops, which sum Out@GRAD over the dims an input was broadcast along.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cub/block/block_reduce.cuh>
#include <limits>
#include <type_traits>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_launch.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/gpu/elementwise.cuh"
#include "paddle/phi/kernels/funcs/reduce.h"

namespace phi {
namespace gpu {

// Accumulator of a sum of device type DT: double for float and double (as the CPU's
// funcs::ReduceAccType), float for 16-bit floats, int64_t for integers.
template <typename DT>
using SumAccType =
    std::conditional_t<kIsDeviceHalf<DT>, float,
                       std::conditional_t<std::is_floating_point_v<DT>, double, int64_t>>;

struct SumOp {
  template <typename A>
  __device__ __forceinline__ A operator()(A a, A b) const {
    return a + b;
  }
};

// A NaN wins (it compares false with everything, so `v != v` finds it), else the larger.
struct MaxOp {
  template <typename A>
  __device__ __forceinline__ A operator()(A a, A b) const {
    if (a != a) return a;  // NOLINT: NaN test, always false for integers
    if (b != b) return b;  // NOLINT
    return b > a ? b : a;
  }
};

struct MinOp {
  template <typename A>
  __device__ __forceinline__ A operator()(A a, A b) const {
    if (a != a) return a;  // NOLINT
    if (b != b) return b;  // NOLINT
    return b < a ? b : a;
  }
};

// The identities of MaxOp and MinOp (host values).
template <typename A>
A LowestValue() {
  if constexpr (std::is_floating_point_v<A>) return -std::numeric_limits<A>::infinity();
  return std::numeric_limits<A>::lowest();
}
template <typename A>
A HighestValue() {
  if constexpr (std::is_floating_point_v<A>) return std::numeric_limits<A>::infinity();
  return std::numeric_limits<A>::max();
}

// A funcs::ReducePlan's groups split into the kept ones (the output's dims, row-major) and the
// reduced ones, each with its stride in the input: input offset = kept part + reduced part.
struct ReduceIndex {
  int kept_rank = 0;
  int reduced_rank = 0;
  int64_t kept_extents[DDim::kMaxRank] = {0};
  int64_t kept_strides[DDim::kMaxRank] = {0};
  int64_t reduced_extents[DDim::kMaxRank] = {0};
  int64_t reduced_strides[DDim::kMaxRank] = {0};
  int64_t out_numel = 1;
  int64_t reduce_count = 1;
};

inline ReduceIndex MakeReduceIndex(const funcs::ReducePlan& plan) {
  ReduceIndex index;
  for (size_t g = 0; g < plan.extents.size(); ++g) {
    if (plan.out_strides[g] == 0) {  // a reduced group
      index.reduced_extents[index.reduced_rank] = plan.extents[g];
      index.reduced_strides[index.reduced_rank++] = plan.in_strides[g];
    } else {
      index.kept_extents[index.kept_rank] = plan.extents[g];
      index.kept_strides[index.kept_rank++] = plan.in_strides[g];
    }
  }
  index.out_numel = plan.out_numel;
  index.reduce_count = plan.reduce_count;
  return index;
}

// The input offset of element `index` of a row-major walk over `extents` with `strides`.
__device__ __forceinline__ int64_t GroupOffset(int64_t index, const int64_t* extents,
                                               const int64_t* strides, int rank) {
  if (rank == 0) return 0;
  int64_t offset = 0;
  for (int g = rank - 1; g > 0; --g) {
    offset += (index % extents[g]) * strides[g];
    index /= extents[g];
  }
  return offset + index * strides[0];
}

// From an input element to its output element: the plan's groups with their output strides.
struct ReduceOutputIndex {
  int rank = 0;
  int64_t extents[DDim::kMaxRank] = {0};
  int64_t out_strides[DDim::kMaxRank] = {0};
};

inline ReduceOutputIndex MakeReduceOutputIndex(const funcs::ReducePlan& plan) {
  ReduceOutputIndex index;
  index.rank = static_cast<int>(plan.extents.size());
  for (int g = 0; g < index.rank; ++g) {
    index.extents[g] = plan.extents[g];
    index.out_strides[g] = plan.out_strides[g];
  }
  return index;
}

__device__ __forceinline__ int64_t OutputOf(const ReduceOutputIndex& index, int64_t i) {
  return GroupOffset(i, index.extents, index.out_strides, index.rank);
}

// Finish functors: out[o] = the result converted to DT, or the mean's result / count.
template <typename DT, typename Acc>
struct StoreResult {
  DT* out;
  __device__ __forceinline__ void operator()(int64_t o, Acc acc) const {
    out[o] = ConvertTo<DT>(acc);
  }
};

template <typename DT, typename Acc>
struct StoreMean {
  DT* out;
  Acc count;
  __device__ __forceinline__ void operator()(int64_t o, Acc acc) const {
    out[o] = ConvertTo<DT>(acc / count);
  }
};

// load(i) = src[i] in the accumulator's type.
template <typename DT, typename Acc>
struct LoadValue {
  const DT* src;
  __device__ __forceinline__ Acc operator()(int64_t i) const { return ConvertTo<Acc>(src[i]); }
};

namespace detail {

constexpr int kRowThreads = 128;

// One block per (output, split): the block's threads stride over the split's share of the
// reduced elements, which are contiguous along the innermost group (coalesced reads).
template <typename Acc, bool kDirect, typename Load, typename Combine, typename Finish>
__global__ void ReduceRowsKernel(ReduceIndex index, int64_t splits, int64_t chunk, Load load,
                                 Combine combine, Acc identity, Acc* partial, Finish finish) {
  using BlockReduce = cub::BlockReduce<Acc, kRowThreads>;
  __shared__ typename BlockReduce::TempStorage temp;
  const int64_t items = index.out_numel * splits;
  for (int64_t item = blockIdx.x; item < items; item += gridDim.x) {
    const int64_t o = item / splits;
    const int64_t s = item % splits;
    const int64_t base = GroupOffset(o, index.kept_extents, index.kept_strides, index.kept_rank);
    const int64_t begin = s * chunk;
    const int64_t end =
        begin + chunk < index.reduce_count ? begin + chunk : index.reduce_count;
    Acc acc = identity;
    for (int64_t r = begin + threadIdx.x; r < end; r += kRowThreads) {
      acc = combine(acc, load(base + GroupOffset(r, index.reduced_extents, index.reduced_strides,
                                                 index.reduced_rank)));
    }
    acc = BlockReduce(temp).Reduce(acc, combine);
    if (threadIdx.x == 0) {
      if constexpr (kDirect) {
        finish(o, acc);
      } else {
        partial[s * index.out_numel + o] = acc;
      }
    }
    __syncthreads();  // the next item reuses the temp storage
  }
}

// One thread per (output, split), neighbouring threads on neighbouring outputs (coalesced when
// the innermost group is kept), each folding its split's elements in order.
template <typename Acc, bool kDirect, typename Load, typename Combine, typename Finish>
__global__ void ReduceColumnsKernel(ReduceIndex index, int64_t splits, int64_t chunk, Load load,
                                    Combine combine, Acc identity, Acc* partial, Finish finish) {
  const int64_t items = index.out_numel * splits;
  PD_GPU_LOOP(item, items) {
    const int64_t o = item % index.out_numel;
    const int64_t s = item / index.out_numel;
    const int64_t base = GroupOffset(o, index.kept_extents, index.kept_strides, index.kept_rank);
    const int64_t begin = s * chunk;
    const int64_t end =
        begin + chunk < index.reduce_count ? begin + chunk : index.reduce_count;
    Acc acc = identity;
    for (int64_t r = begin; r < end; ++r) {
      acc = combine(acc, load(base + GroupOffset(r, index.reduced_extents, index.reduced_strides,
                                                 index.reduced_rank)));
    }
    if constexpr (kDirect) {
      finish(o, acc);
    } else {
      partial[s * index.out_numel + o] = acc;
    }
  }
}

// Folds the splits' partial results of each output in split order (deterministic).
template <typename Acc, typename Combine, typename Finish>
__global__ void ReducePartialsKernel(const Acc* partial, int64_t out_numel, int64_t splits,
                                     Combine combine, Finish finish) {
  PD_GPU_LOOP(o, out_numel) {
    Acc acc = partial[o];
    for (int64_t s = 1; s < splits; ++s) acc = combine(acc, partial[s * out_numel + o]);
    finish(o, acc);
  }
}

// Outputs of an empty reduction get the identity (a sum 0; a mean 0 / 0 = NaN in finish).
template <typename Acc, typename Finish>
__global__ void ReduceEmptyKernel(int64_t out_numel, Acc identity, Finish finish) {
  PD_GPU_LOOP(o, out_numel) { finish(o, identity); }
}

inline int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

}  // namespace detail

// For each output element o of `plan`: finish(o, combine over its input elements i of
// load(i)), starting from `identity`. load(int64_t) -> Acc, combine(Acc, Acc) -> Acc and
// finish(int64_t, Acc) are device functors. Outputs with many inputs are split over several
// blocks or threads whose partial results are folded by a second kernel; the order of the
// folds depends only on the shapes, so results are deterministic.
template <typename Acc, typename Load, typename Combine, typename Finish>
void ReduceWithPlan(const GPUContext& ctx, const funcs::ReducePlan& plan, Load load,
                    Combine combine, Acc identity, Finish finish) {
  if (plan.out_numel == 0) return;
  const ReduceIndex index = MakeReduceIndex(plan);
  const int64_t out_numel = index.out_numel;
  const int64_t count = index.reduce_count;
  cudaStream_t stream = ctx.stream();
  if (plan.in_numel == 0 || count == 0) {
    detail::ReduceEmptyKernel<<<BlocksFor(ctx, out_numel), kThreads, 0, stream>>>(
        out_numel, identity, finish);
    PD_CUDA_CHECK_LAUNCH();
    return;
  }
  const int64_t sms = ctx.props().multiProcessorCount;
  // Rows: the innermost group is reduced and long enough to keep a block's threads busy.
  const bool rows = plan.out_strides.back() == 0 && count >= 64;
  int64_t splits = 1;
  if (rows) {
    const int64_t target_blocks = 4 * sms;
    if (out_numel < target_blocks) {
      splits = std::min(detail::CeilDiv(target_blocks, out_numel),
                        detail::CeilDiv(count, detail::kRowThreads * 8));
    }
  } else {
    const int64_t target_threads = 2048 * sms;
    if (out_numel < target_threads) {
      splits = std::min(detail::CeilDiv(target_threads, out_numel), detail::CeilDiv(count, 32));
    }
  }
  splits = std::max<int64_t>(1, std::min<int64_t>(splits, 1024));
  const int64_t chunk = detail::CeilDiv(count, splits);
  splits = detail::CeilDiv(count, chunk);  // every split non-empty
  const int64_t items = out_numel * splits;

  DenseTensor partial_tensor;
  Acc* partial = nullptr;
  if (splits > 1) {
    partial_tensor = DenseTensor(CppTypeToDataType<Acc>::value, DDim({items}));
    partial = ctx.template Alloc<Acc>(&partial_tensor);  // stream-ordered: safe to drop after
  }
  if (rows) {
    const int grid = static_cast<int>(std::min<int64_t>(items, sms * 16));
    if (splits == 1) {
      detail::ReduceRowsKernel<Acc, true><<<grid, detail::kRowThreads, 0, stream>>>(
          index, splits, chunk, load, combine, identity, partial, finish);
    } else {
      detail::ReduceRowsKernel<Acc, false><<<grid, detail::kRowThreads, 0, stream>>>(
          index, splits, chunk, load, combine, identity, partial, finish);
    }
  } else {
    const int grid = BlocksFor(ctx, items);
    if (splits == 1) {
      detail::ReduceColumnsKernel<Acc, true><<<grid, kThreads, 0, stream>>>(
          index, splits, chunk, load, combine, identity, partial, finish);
    } else {
      detail::ReduceColumnsKernel<Acc, false><<<grid, kThreads, 0, stream>>>(
          index, splits, chunk, load, combine, identity, partial, finish);
    }
  }
  PD_CUDA_CHECK_LAUNCH();
  if (splits > 1) {
    detail::ReducePartialsKernel<<<BlocksFor(ctx, out_numel), kThreads, 0, stream>>>(
        partial, out_numel, splits, combine, finish);
    PD_CUDA_CHECK_LAUNCH();
  }
}

// The plan that sums a tensor of the broadcast output's extents back to an input's aligned
// extents (funcs::AlignBroadcastShapes): over the dims where the input is 1 and the output is
// not. Its outputs are the input's elements in order.
inline funcs::ReducePlan BroadcastGradPlan(const std::vector<int64_t>& out_extents,
                                           const std::vector<int64_t>& input_extents) {
  std::vector<int> axes;
  for (size_t i = 0; i < out_extents.size(); ++i) {
    if (input_extents[i] == 1 && out_extents[i] != 1) axes.push_back(static_cast<int>(i));
  }
  return funcs::MakeReducePlan(DDim(out_extents), axes);
}

// The gradient of one input of a broadcast binary op (x when for_x, else y; `shapes` from
// funcs::AlignBroadcastShapes): grad[i] = the sum of load(o) over the output elements o that
// input element i was broadcast to (one term each where nothing was broadcast). load(int64_t)
// gives SumAccType<DT>; grad holds the input's elements and is written, never accumulated.
template <typename DT, typename Load>
void SumToBroadcastInput(const GPUContext& ctx, const funcs::BroadcastShapes& shapes, bool for_x,
                         Load load, DT* grad) {
  using Acc = SumAccType<DT>;
  const funcs::ReducePlan plan = BroadcastGradPlan(shapes.out, for_x ? shapes.x : shapes.y);
  ReduceWithPlan<Acc>(ctx, plan, load, SumOp(), Acc(0), StoreResult<DT, Acc>{grad});
}

}  // namespace gpu
}  // namespace phi
