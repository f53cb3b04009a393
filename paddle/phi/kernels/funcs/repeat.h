// The index walk shared by expand and tile and their gradients: x, padded with leading 1s to
// the output's rank, repeats along every axis; the x element of an output element is, per
// axis, the output index modulo x's extent (0 where x's extent is 1).
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/common/ddim.h"

namespace phi {
namespace funcs {

// Calls fn(out_index, x_index) for every output element, in output order.
template <typename Fn>
void ForEachRepeatIndex(const DDim& x_dims, const DDim& out_dims, Fn&& fn) {
  const int64_t n = out_dims.numel();
  // Nothing to visit; x's strides below could overflow for an empty x with a huge extent.
  if (n == 0) return;
  const int rank = out_dims.size();
  const int lead = rank - x_dims.size();
  std::vector<int64_t> xd(rank, 1), x_stride(rank, 0);
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    xd[i] = i >= lead ? x_dims[i - lead] : 1;
    x_stride[i] = stride;
    stride *= xd[i];
  }
  std::vector<int64_t> counter(rank, 0);
  int64_t x_index = 0;
  for (int64_t o = 0; o < n; ++o) {
    fn(o, x_index);
    for (int d = rank - 1; d >= 0; --d) {  // odometer over the output; x follows modulo xd
      const int64_t before = counter[d] % xd[d];
      if (++counter[d] == out_dims[d]) counter[d] = 0;
      x_index += (counter[d] % xd[d] - before) * x_stride[d];
      if (counter[d] != 0) break;
    }
  }
}

}  // namespace funcs
}  // namespace phi
