// N-D permutation of a contiguous tensor (transpose and its grad) and the validation of a
// permutation attribute, shared by the InferMeta functions and the kernels.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/common/ddim.h"

namespace phi {
namespace funcs {

// Maps axis (one entry per dim, negatives counting from the end) to a permutation of
// [0, rank); raises InvalidArgument when it is not one.
std::vector<int> NormalizePermutation(const std::vector<int>& axis, const DDim& x_dims);

// The inverse permutation: inverse[perm[i]] = i.
std::vector<int> InversePermutation(const std::vector<int>& perm);

// out[i0, ..., i{r-1}] = in[index with in-axis perm[j] at i_j]; out has dims
// in_dims[perm[j]]. Walks out contiguously, gathering from in along the last out axis.
template <typename T>
void TransposeCopy(const T* in, const DDim& in_dims, const std::vector<int>& perm, T* out) {
  const int rank = in_dims.size();
  const int64_t numel = in_dims.numel();
  if (numel <= 0) return;
  if (rank == 0) {
    out[0] = in[0];
    return;
  }
  std::vector<int64_t> in_strides(rank, 1);
  for (int i = rank - 2; i >= 0; --i) in_strides[i] = in_strides[i + 1] * in_dims[i + 1];
  std::vector<int64_t> out_extents(rank), gather_strides(rank);
  for (int j = 0; j < rank; ++j) {
    out_extents[j] = in_dims[perm[j]];
    gather_strides[j] = in_strides[perm[j]];
  }
  const int64_t inner = out_extents[rank - 1];
  const int64_t inner_stride = gather_strides[rank - 1];
  std::vector<int64_t> index(rank - 1, 0);
  int64_t src = 0;
  T* dst = out;
  for (int64_t row = 0, rows = numel / inner; row < rows; ++row) {
    for (int64_t j = 0; j < inner; ++j) *dst++ = in[src + j * inner_stride];
    for (int d = rank - 2; d >= 0; --d) {  // odometer step over the outer out axes
      if (++index[d] < out_extents[d]) {
        src += gather_strides[d];
        break;
      }
      src -= (out_extents[d] - 1) * gather_strides[d];
      index[d] = 0;
    }
  }
}

}  // namespace funcs
}  // namespace phi
