// InferMeta of ops that select or repeat elements: expand_v2, expand_as_v2, tile, where,
// where_index, take_along_axis, put_along_axis, shape, and the binary logical ops.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// shape entries: -1 keeps x's extent there; x aligns to the right of shape and each of its
// extents must be 1 or equal the target.
void ExpandInferMeta(const MetaTensor& x, const std::vector<int64_t>& shape, MetaTensor* out);
// target_shape when given, else y's dims.
void ExpandAsInferMeta(const MetaTensor& x, const MetaTensor& y,
                       const std::vector<int64_t>& target_shape, MetaTensor* out);
// x and repeat_times padded with leading 1s to one rank; out = x extent * repeat.
void TileInferMeta(const MetaTensor& x, const std::vector<int64_t>& repeat_times, MetaTensor* out);
// Gradient of expand_v2, expand_as_v2 and tile: out_grad must be a repetition of x (x
// aligned to its right, each extent of x dividing out_grad's); x_grad takes x's meta.
void RepeatGradInferMeta(const MetaTensor& x, const MetaTensor& out_grad, MetaTensor* x_grad);
// condition bool, x and y of one dtype, all three of one shape.
void WhereInferMeta(const MetaTensor& condition, const MetaTensor& x, const MetaTensor& y,
                    MetaTensor* out);
// where_index (paddle.nonzero): out int64 [-1, rank(condition)]; the kernel sets the row count.
void WhereIndexInferMeta(const MetaTensor& condition, MetaTensor* out);
// take_along_axis: index int32 / int64 of input's rank with, off axis, extents no larger than
// input's; result has index's dims and input's dtype.
void TakeAlongAxisInferMeta(const MetaTensor& input, const MetaTensor& index, int axis,
                            MetaTensor* result);
// Its grad: result_grad must have index's dims; input_grad takes input's meta.
void TakeAlongAxisGradInferMeta(const MetaTensor& input, const MetaTensor& index,
                                const MetaTensor& result_grad, int axis, MetaTensor* input_grad);
// put_along_axis: index as for take_along_axis, value of index's dims and input's dtype,
// reduce one of assign, add, mul, multiply; result takes input's meta.
void PutAlongAxisInferMeta(const MetaTensor& input, const MetaTensor& index,
                           const MetaTensor& value, int axis, const std::string& reduce,
                           MetaTensor* result);
// out: int32 [rank(input)].
void ShapeInferMeta(const MetaTensor& input, MetaTensor* out);
// bool out of the broadcast dims (axis -1).
void LogicalBinaryInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* out);

}  // namespace phi
