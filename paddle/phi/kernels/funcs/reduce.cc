#include "paddle/phi/kernels/funcs/reduce.h"

#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {
namespace funcs {

std::vector<int> ReduceAxes(const DDim& x_dims, const std::vector<int64_t>& dims,
                            bool reduce_all) {
  const int rank = x_dims.size();
  std::vector<int> axes;
  for (int64_t dim : dims) {
    PD_CHECK(dim >= -std::max(rank, 1) && dim < std::max(rank, 1), InvalidArgument,
             "expected reduce dims in [", -std::max(rank, 1), ", ", std::max(rank, 1),
             ") for X ", x_dims, ", but got dims ", FormatList(dims));
    if (rank > 0) axes.push_back(static_cast<int>(dim < 0 ? dim + rank : dim));
  }
  std::sort(axes.begin(), axes.end());
  PD_CHECK(std::adjacent_find(axes.begin(), axes.end()) == axes.end(), InvalidArgument,
           "expected distinct reduce dims, but got dims ", FormatList(dims), " for X ", x_dims);
  if (reduce_all || dims.empty()) {
    axes.resize(rank);
    for (int i = 0; i < rank; ++i) axes[i] = i;
  }
  return axes;
}

DDim ReducedDims(const DDim& x_dims, const std::vector<int>& axes, bool keep_dim) {
  std::vector<int64_t> out;
  size_t next = 0;  // axes are sorted
  for (int i = 0; i < x_dims.size(); ++i) {
    const bool reduced = next < axes.size() && axes[next] == i;
    if (reduced) ++next;
    if (!reduced) {
      out.push_back(x_dims[i]);
    } else if (keep_dim) {
      out.push_back(1);
    }
  }
  return DDim(out);
}

ReducePlan MakeReducePlan(const DDim& x_dims, const std::vector<int>& axes) {
  std::vector<bool> reduced(x_dims.size(), false);
  for (int axis : axes) reduced[axis] = true;
  ReducePlan plan;
  std::vector<bool> group_reduced;
  for (int i = 0; i < x_dims.size(); ++i) {
    const int64_t extent = x_dims[i];
    PD_CHECK(extent >= 0, InvalidArgument, "expected known dims to reduce, but got X ", x_dims);
    plan.in_numel *= extent;
    if (reduced[i]) plan.reduce_count *= extent;
    if (extent == 1) continue;  // indexes nothing either way
    if (!group_reduced.empty() && group_reduced.back() == reduced[i]) {
      plan.extents.back() *= extent;
    } else {
      plan.extents.push_back(extent);
      group_reduced.push_back(reduced[i]);
    }
  }
  if (plan.extents.empty()) {  // a single element (or 0-D)
    plan.extents.push_back(1);
    group_reduced.push_back(true);
  }
  const size_t groups = plan.extents.size();
  plan.in_strides.assign(groups, 0);
  plan.out_strides.assign(groups, 0);
  int64_t in_stride = 1;
  int64_t out_stride = 1;
  for (size_t g = groups; g-- > 0;) {
    plan.in_strides[g] = in_stride;
    in_stride *= plan.extents[g];
    if (!group_reduced[g]) {
      plan.out_strides[g] = out_stride;
      out_stride *= plan.extents[g];
    }
  }
  plan.out_numel = out_stride;
  return plan;
}

}  // namespace funcs
}  // namespace phi
