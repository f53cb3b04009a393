// The index tuples of scatter_nd_add (and its grad) as slice offsets, checked on the host:
// Index [..., k] names slices of X (the dims after its first k), coordinate j in
// [-X.dims[j], X.dims[j]) with negatives counting from the end. The GPU kernels copy Index to
// the host and use the same check, so a bad coordinate raises the same typed error there.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi {
namespace funcs {

struct ScatterNdGeometry {
  std::vector<int64_t> offsets;  // per tuple: its slice's index in X viewed as [*, slice]
  int64_t slice = 1;             // elements per slice: product of X.dims[k:]
};

// `coords` holds Index's values (index_dims.numel() of them) in row-major order.
inline ScatterNdGeometry ScatterNdOffsets(const char* op, const int64_t* coords,
                                          const DDim& index_dims, const DDim& x_dims) {
  PD_CHECK(index_dims.size() >= 1, InvalidArgument, "expected ", op,
           "'s Index to have rank >= 1, but got Index ", index_dims);
  const int64_t k = index_dims[index_dims.size() - 1];
  PD_CHECK(k >= 0 && k <= x_dims.size(), InvalidArgument, "expected ", op,
           "'s Index.dims[-1] <= rank of X (", x_dims.size(), "), but got Index ", index_dims,
           " for X ", x_dims);
  ScatterNdGeometry g;
  g.slice = product(x_dims, static_cast<int>(k), x_dims.size());
  const int64_t count = product(index_dims, 0, index_dims.size() - 1);
  g.offsets.resize(count);
  for (int64_t i = 0; i < count; ++i) {
    int64_t off = 0;
    for (int64_t j = 0; j < k; ++j) {
      const int64_t extent = x_dims[static_cast<int>(j)];
      int64_t v = coords[i * k + j];
      PD_CHECK(v >= -extent && v < extent, InvalidArgument, "expected ", op,
               "'s Index values along axis ", j, " in [", -extent, ", ", extent, ") (X's extent ",
               extent, "), but got ", v, " in index tuple ", i);
      if (v < 0) v += extent;
      off = off * extent + v;
    }
    g.offsets[i] = off;
  }
  return g;
}

// Checks that `what` (scatter_nd_add's Updates, or its grad's Updates@GRAD) with dims `dims`
// holds one slice of `x_name` (X, or Out@GRAD) per index tuple of `g`.
inline void CheckScatterNdUpdates(const char* what, const DDim& dims, const ScatterNdGeometry& g,
                                  const char* x_name) {
  const int64_t want = static_cast<int64_t>(g.offsets.size()) * g.slice;
  PD_CHECK(product(dims, 0, dims.size()) == want, InvalidArgument, "expected ", what, " to hold ",
           want, " elements (Index.dims[:-1] + ", x_name, ".dims[k:]), but got ", dims);
}

// Index's values widened to int64 (`data` is host memory of Index's dtype).
inline std::vector<int64_t> IndexValues(const char* op, DataType dtype, const void* data,
                                        int64_t n) {
  std::vector<int64_t> out(n);
  if (dtype == DataType::INT32) {
    const int32_t* p = static_cast<const int32_t*>(data);
    for (int64_t i = 0; i < n; ++i) out[i] = p[i];
  } else {
    PD_CHECK(dtype == DataType::INT64, InvalidArgument, "expected ", op,
             "'s Index to be int32 or int64, but got ", dtype);
    const int64_t* p = static_cast<const int64_t*>(data);
    for (int64_t i = 0; i < n; ++i) out[i] = p[i];
  }
  return out;
}

}  // namespace funcs
}  // namespace phi
