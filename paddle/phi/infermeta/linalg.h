// InferMeta functions of linear-algebra ops (matmul, matmul_with_flatten), plus the shape
// rules they share with the kernels, so build-time checks and run-time checks agree.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// The geometry of out = op(x) @ op(y) with numpy matmul semantics: a 1-D x is a row vector
// [1, K] and a 1-D y a column vector [K, 1] (their trans flags are ignored, their unit
// dims dropped from out); leading batch dims broadcast. Extents may be -1 (unknown).
struct MatmulDims {
  int64_t m = 0;
  int64_t k = 0;
  int64_t n = 0;
  bool trans_x = false;  // effective flags: false for a 1-D operand
  bool trans_y = false;
  std::vector<int64_t> batch;    // out's batch dims
  std::vector<int64_t> x_batch;  // x's batch dims, left-padded with 1 to batch.size()
  std::vector<int64_t> y_batch;  // y's batch dims, likewise
  DDim out;
};

// Raises InvalidArgument naming both shapes when they do not multiply.
MatmulDims ComputeMatmulDims(const DDim& x, const DDim& y, bool trans_x, bool trans_y);

// For each of out's batches (row-major over MatmulDims::batch), the batch of x and of y it
// reads, counted in matrices. Dims must be known.
void MatmulBatchIndices(const MatmulDims& dims, std::vector<int64_t>* x_index,
                        std::vector<int64_t>* y_index);

// Out dims of matmul_with_flatten: x.dims[:x_num_col_dims] + y.dims[y_num_col_dims:], after
// checking that flattened x's columns match flattened y's rows.
DDim ComputeMatmulWithFlattenDims(const DDim& x, const DDim& y, int x_num_col_dims,
                                  int y_num_col_dims);

void MatmulInferMeta(const MetaTensor& x, const MetaTensor& y, bool trans_x, bool trans_y,
                     MetaTensor* out);

void MatmulWithFlattenInferMeta(const MetaTensor& x, const MetaTensor& y, int x_num_col_dims,
                                int y_num_col_dims, MetaTensor* out);

}  // namespace phi
