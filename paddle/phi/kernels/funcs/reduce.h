// Index helpers for reductions over any set of axes: which axes are reduced, the reduced
// dims, and a plan that walks the input in rows while tracking the matching output offset.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "paddle/phi/common/ddim.h"
#include "paddle/phi/kernels/funcs/parallel.h"

namespace phi {
namespace funcs {

// Sorted, distinct axes in [0, rank) to reduce over: all of them when reduce_all is set or
// dims is empty. Negative entries count from the end; out-of-range or repeated entries raise
// InvalidArgument. A 0-D tensor accepts axis 0 or -1 and has no axis to reduce.
std::vector<int> ReduceAxes(const DDim& x_dims, const std::vector<int64_t>& dims, bool reduce_all);

// Dims after reducing `axes`: kept as 1 with keep_dim, dropped otherwise (0-D when all go).
DDim ReducedDims(const DDim& x_dims, const std::vector<int>& axes, bool keep_dim);

// The input's dims with size-1 extents dropped and neighbours of the same kind (reduced or
// kept) merged, so most reductions become a 1-D or 2-D walk.
struct ReducePlan {
  std::vector<int64_t> extents;      // at least one entry
  std::vector<int64_t> in_strides;   // contiguous input; the last is 1
  std::vector<int64_t> out_strides;  // 0 along reduced groups; the last is 0 or 1
  int64_t in_numel = 1;
  int64_t out_numel = 1;
  int64_t reduce_count = 1;  // input elements folded into each output element
};
ReducePlan MakeReducePlan(const DDim& x_dims, const std::vector<int>& axes);

// Calls row(in_offset, out_offset) once per run of plan.extents.back() input elements along
// the innermost group: input stride 1, output stride plan.out_strides.back().
template <typename RowFn>
void ForEachReduceRow(const ReducePlan& plan, RowFn&& row) {
  if (plan.in_numel == 0) return;
  const int outer_rank = static_cast<int>(plan.extents.size()) - 1;
  const int64_t rows = plan.in_numel / plan.extents.back();
  std::vector<int64_t> index(outer_rank, 0);
  int64_t in_offset = 0;
  int64_t out_offset = 0;
  for (int64_t r = 0; r < rows; ++r) {
    row(in_offset, out_offset);
    for (int d = outer_rank - 1; d >= 0; --d) {  // odometer step over the outer groups
      if (++index[d] < plan.extents[d]) {
        in_offset += plan.in_strides[d];
        out_offset += plan.out_strides[d];
        break;
      }
      in_offset -= (plan.extents[d] - 1) * plan.in_strides[d];
      out_offset -= (plan.extents[d] - 1) * plan.out_strides[d];
      index[d] = 0;
    }
  }
}

// Accumulator of a reduction: double for floating types, int64_t for integers.
template <typename T>
using ReduceAccType = std::conditional_t<std::is_floating_point_v<T>, double, int64_t>;

// Sums x over the plan's reduced groups into plan.out_numel accumulators.
template <typename T>
std::vector<ReduceAccType<T>> ReduceSumToAcc(const T* x, const ReducePlan& plan) {
  using Acc = ReduceAccType<T>;
  std::vector<Acc> acc(plan.out_numel, Acc(0));
  const int64_t len = plan.extents.back();
  if (plan.out_strides.back() == 0) {
    // A row's sum over four partial sums (one dependency chain would wait on every add).
    const auto row_sum = [&](const T* row) {
      Acc s0 = Acc(0), s1 = Acc(0), s2 = Acc(0), s3 = Acc(0);
      int64_t j = 0;
      for (; j + 4 <= len; j += 4) {
        s0 += static_cast<Acc>(row[j]);
        s1 += static_cast<Acc>(row[j + 1]);
        s2 += static_cast<Acc>(row[j + 2]);
        s3 += static_cast<Acc>(row[j + 3]);
      }
      for (; j < len; ++j) s0 += static_cast<Acc>(row[j]);
      return (s0 + s1) + (s2 + s3);
    };
    const int64_t rows = plan.in_numel / std::max<int64_t>(len, 1);
    if (plan.in_numel > 0 && rows == plan.out_numel) {
      // Every row has an output of its own (only the innermost group is reduced): row r is
      // input [r * len, (r + 1) * len) and output r, and the rows split over the pool.
      ParallelRange(rows, len, [&](int64_t begin, int64_t end) {
        for (int64_t r = begin; r < end; ++r) acc[r] = row_sum(x + r * len);
      });
      return acc;
    }
    ForEachReduceRow(plan, [&](int64_t in, int64_t out) { acc[out] += row_sum(x + in); });
  } else {
    ForEachReduceRow(plan, [&](int64_t in, int64_t out) {
      for (int64_t j = 0; j < len; ++j) acc[out + j] += static_cast<Acc>(x[in + j]);
    });
  }
  return acc;
}

// dx[i] = scale * dout[output element of i]: the gradient of a sum (scale 1) or mean.
template <typename T>
void BroadcastReduceGrad(const T* dout, const ReducePlan& plan, T scale, T* dx) {
  const int64_t len = plan.extents.back();
  if (plan.out_strides.back() == 0) {
    ForEachReduceRow(plan, [&](int64_t in, int64_t out) {
      const T value = dout[out] * scale;
      for (int64_t j = 0; j < len; ++j) dx[in + j] = value;
    });
  } else {
    ForEachReduceRow(plan, [&](int64_t in, int64_t out) {
      for (int64_t j = 0; j < len; ++j) dx[in + j] = dout[out + j] * scale;
    });
  }
}

}  // namespace funcs
}  // namespace phi
