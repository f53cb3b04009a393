// The walk take_along_axis and put_along_axis (and their grads) share: every element of Index,
// in row-major order, paired with the Input element it names (Index's own coordinates with the
// one on the axis replaced by the index value). Index values may be negative, counting from
// the end of the axis as in NumPy.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {
namespace funcs {

// Index's values as int64 in [0, extent), each checked; `op` names the op in errors.
inline std::vector<int64_t> ReadAlongAxisIndex(const DenseTensor& index, int64_t extent,
                                               const char* op) {
  const int64_t n = index.numel();
  std::vector<int64_t> out(n);
  if (index.dtype() == DataType::INT32) {
    const int32_t* p = index.data<int32_t>();
    for (int64_t i = 0; i < n; ++i) out[i] = p[i];
  } else {
    PD_CHECK(index.dtype() == DataType::INT64, InvalidArgument, "expected ", op,
             "'s Index to be int32 or int64, but got ", index.dtype());
    const int64_t* p = index.data<int64_t>();
    for (int64_t i = 0; i < n; ++i) out[i] = p[i];
  }
  for (int64_t i = 0; i < n; ++i) {
    PD_CHECK(out[i] >= -extent && out[i] < extent, InvalidArgument, "expected ", op,
             "'s Index values in [", -extent, ", ", extent, ") (the extent of Axis), but got ",
             out[i], " at position ", i);
    if (out[i] < 0) out[i] += extent;
  }
  return out;
}

// Offsets into Input (dims `input_dims`, row-major) of the elements Index names along `axis`
// (normalized): offsets[i] belongs to Index element i.
inline std::vector<int64_t> AlongAxisOffsets(const DDim& input_dims, const DDim& index_dims,
                                             int axis, const std::vector<int64_t>& index) {
  const int rank = input_dims.size();
  std::vector<int64_t> stride(rank, 1);
  for (int d = rank - 2; d >= 0; --d) stride[d] = stride[d + 1] * input_dims[d + 1];
  std::vector<int64_t> coord(rank, 0);
  std::vector<int64_t> offsets(index.size());
  int64_t base = 0;  // offset of Index's coordinates off the axis
  for (size_t i = 0; i < index.size(); ++i) {
    offsets[i] = base + index[i] * stride[axis];
    for (int d = rank - 1; d >= 0; --d) {
      const int64_t step = d == axis ? 0 : stride[d];
      if (++coord[d] < index_dims[d]) {
        base += step;
        break;
      }
      base -= step * (coord[d] - 1);
      coord[d] = 0;
    }
  }
  return offsets;
}

// Both steps above for `op`: the Input offsets of every Index element.
inline std::vector<int64_t> AlongAxisTargets(const DDim& input_dims, const DenseTensor& index,
                                             int axis, const char* op) {
  const int rank = input_dims.size();
  const int a = axis < 0 ? axis + rank : axis;
  PD_CHECK(a >= 0 && a < rank && index.dims().size() == rank, InvalidArgument, "expected ", op,
           "'s Axis in [", -rank, ", ", rank, ") and Index of Input's rank, but got Axis ", axis,
           ", Input ", input_dims, " and Index ", index.dims());
  for (int d = 0; d < rank; ++d) {
    PD_CHECK(d == a || index.dims()[d] <= input_dims[d], InvalidArgument, "expected ", op,
             "'s Index extents off Axis to be at most Input's, but got Index ", index.dims(),
             " and Input ", input_dims);
  }
  return AlongAxisOffsets(input_dims, index.dims(), a,
                          ReadAlongAxisIndex(index, input_dims[a], op));
}

}  // namespace funcs
}  // namespace phi
