// InferMeta functions of unique, bincount and scatter_nd_add (and its grad). unique's and
// bincount's leading output extents depend on the data: they are -1 here and the kernels size
// those outputs.
#pragma once

#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// unique: dtype (of Indices, Index and Counts) int32 or int64; axis empty (X flattened) or
// one axis of X. Out takes X's dtype and dims with -1 for the unique count (flattened: [-1]);
// Index (the inverse) holds one entry per element (flattened) or per slice along the axis;
// Indices and Counts are [-1]. is_sorted false (legacy) flattens X, ignores axis, needs Index
// and gives it X's dims.
void UniqueInferMeta(const MetaTensor& x, DataType dtype, bool return_index, bool return_inverse,
                     bool return_counts, const std::vector<int>& axis, bool is_sorted,
                     MetaTensor* out, MetaTensor* indices, MetaTensor* index, MetaTensor* counts);

// bincount: X 1-D int32 / int64, Weights (optional) X's dims in float32, float64, int32 or
// int64, minlength >= 0. Out is [-1], of Weights' dtype (int64 without Weights).
void BincountInferMeta(const MetaTensor& x, const MetaTensor& weights, int minlength,
                       MetaTensor* out);

// scatter_nd_add: Index [..., k] int32 / int64 with k <= rank of X; Updates of X's dtype with
// dims Index.dims[:-1] + X.dims[k:]. Out takes X's meta.
void ScatterNdAddInferMeta(const MetaTensor& x, const MetaTensor& index, const MetaTensor& updates,
                           MetaTensor* out);

// scatter_nd_add_grad: the forward's checks with Out@GRAD in X's place; X@GRAD takes
// Out@GRAD's meta, Updates@GRAD takes Updates'.
void ScatterNdAddGradInferMeta(const MetaTensor& index, const MetaTensor& updates,
                               const MetaTensor& out_grad, MetaTensor* x_grad,
                               MetaTensor* updates_grad);

}  // namespace phi
