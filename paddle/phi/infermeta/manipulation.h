// InferMeta functions of tensor-manipulation ops (concat, split, stack, slice, gather,
// squeeze, unsqueeze, flatten) and their grads, plus the slice geometry the slice kernels
// share with them. Extents may be -1 at build time; errors name the offending shapes and axes.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// The sliced region of a tensor: per input dim, the first index and the extent taken.
struct SliceGeometry {
  std::vector<int64_t> offsets;  // per input dim; 0 for dims not sliced
  DDim dims;                     // extents before decrease_axis (-1 where unknown)
  DDim out_dims;                 // after dropping decrease_axis
};

// Python-style slicing: negative starts/ends count from the end, then clamp to [0, extent];
// an empty range gives extent 0. axes may be negative; repeated or out-of-range axes, and
// decrease_axis entries whose extent is not 1, raise InvalidArgument.
SliceGeometry ComputeSliceGeometry(const DDim& x_dims, const std::vector<int64_t>& axes,
                                   const std::vector<int64_t>& starts,
                                   const std::vector<int64_t>& ends,
                                   const std::vector<int64_t>& decrease_axis);

// Inputs must share rank and extents outside `axis`; out's extent on axis is their sum.
void ConcatInferMeta(const std::vector<const MetaTensor*>& x, int axis, MetaTensor* out);

// Each present dx[i] takes x[i]'s meta (concat_grad, and any grad of a list input).
void ConcatGradInferMeta(const std::vector<const MetaTensor*>& x, std::vector<MetaTensor*> dx);

// num > 0 splits axis into num equal parts; otherwise sections (one -1 may be inferred) must
// sum to the axis extent. The number of outputs must match.
void SplitInferMeta(const MetaTensor& x, int axis, int num, const std::vector<int>& sections,
                    std::vector<MetaTensor*> out);

// Inputs of equal dims are stacked along a new axis in [-(rank+1), rank+1).
void StackInferMeta(const std::vector<const MetaTensor*>& x, int axis, MetaTensor* y);

// Each present dx[i] gets dy's dims without `axis`.
void StackGradInferMeta(const MetaTensor& dy, int axis, std::vector<MetaTensor*> dx);

// Bounds given by tensors (StartsTensor, ...) reach it as the attributes, read at run time.
void SliceInferMeta(const MetaTensor& input, const std::vector<int64_t>& axes,
                    const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
                    const std::vector<int64_t>& infer_flags,
                    const std::vector<int64_t>& decrease_axis, MetaTensor* out);

// index is int32/int64 of rank 0, 1, or 2 with a trailing 1; out replaces x's `axis` extent by
// the index count (drops the axis for a 0-D index).
void GatherInferMeta(const MetaTensor& x, const MetaTensor& index, int axis, MetaTensor* out);

// Removes the given axes whose extent is 1 (all extents of 1 when axes is empty); an axis of
// another extent stays. xshape (may be absent) gets [0] + x.dims for the grad.
void SqueezeWithXShapeInferMeta(const MetaTensor& x, const std::vector<int>& axes,
                                MetaTensor* out, MetaTensor* xshape);

// Inserts extents of 1 one axis at a time; each axis counts in the rank reached so far + 1.
void UnsqueezeWithXShapeInferMeta(const MetaTensor& x, const std::vector<int>& axes,
                                  MetaTensor* out, MetaTensor* xshape);

// Merges dims start_axis..stop_axis (inclusive) into one; a 0-D x becomes [1].
void FlattenWithXShapeInferMeta(const MetaTensor& x, int start_axis, int stop_axis,
                                MetaTensor* out, MetaTensor* xshape);

}  // namespace phi
