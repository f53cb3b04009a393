// The checked reduction plan of max and min, shared by the CPU and GPU kernels (each then
// reduces in its own way; a NaN wins on both).
#pragma once

#include <vector>

#include "paddle/phi/kernels/funcs/axis_utils.h"
#include "paddle/phi/kernels/funcs/reduce.h"
#include "paddle/phi/kernels/reduce_max_min_kernel.h"

namespace phi {

// X (dims x_dims) reduced over dims, once checked that no output reduces an empty set of
// elements and that Out holds the outputs.
inline funcs::ReducePlan ExtremeReducePlan(const DDim& x_dims, const std::vector<int64_t>& dims,
                                           bool reduce_all, const char* op,
                                           const DenseTensor& out) {
  const std::vector<int> axes = funcs::ReduceAxes(x_dims, dims, reduce_all);
  const funcs::ReducePlan plan = funcs::MakeReducePlan(x_dims, axes);
  PD_CHECK(plan.reduce_count > 0 || plan.out_numel == 0, InvalidArgument, "expected ", op,
           " to reduce at least one element, but X ", x_dims, " has none along dims ",
           funcs::FormatList(dims));
  PD_CHECK(out.numel() == plan.out_numel, InvalidArgument, "expected ", op, "'s Out to hold ",
           plan.out_numel, " elements (X ", x_dims, " reduced), but got ", out.dims());
  return plan;
}

}  // namespace phi
