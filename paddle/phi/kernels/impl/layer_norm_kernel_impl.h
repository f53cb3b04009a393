// What layer_norm and layer_norm_grad share on both backends: X seen as rows [left, right], the
// normalized part starting at begin_norm_axis.
#pragma once

#include <algorithm>
#include <cstdint>

#include "paddle/phi/kernels/layer_norm_kernel.h"

namespace phi {

struct LayerNormRows {
  int64_t left;   // rows: the product of X's dims before begin_norm_axis
  int64_t right;  // row length: the product of the dims from begin_norm_axis on
};

// X's rows, once begin_norm_axis is checked to be an axis of X (`op` names the op in the error).
inline LayerNormRows LayerNormRowsOf(const DDim& d, int begin_norm_axis, const char* op) {
  PD_CHECK(begin_norm_axis >= 0 && begin_norm_axis < std::max(d.size(), 1), InvalidArgument,
           "expected ", op, "'s begin_norm_axis in [0, ", d.size(), ") for X ", d, ", but got ",
           begin_norm_axis);
  return {product(d, 0, begin_norm_axis), product(d, begin_norm_axis, d.size())};
}

}  // namespace phi
