// InferMeta functions of shape-changing ops: reductions, softmax, reshape and transpose
// (with their XShape outputs and grads). Extents may be -1 at build time.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// XShape is [0] + x's dims (reshape2, squeeze2, unsqueeze2, flatten): the grad reads x's dims
// from it without keeping x alive. Nothing when xshape is absent.
void SetXShape(const MetaTensor& x, MetaTensor* xshape);

// Paddle's reshape rule: 0 copies x's extent at that position, one -1 is inferred from
// the element count; any unknown extent involved in the inference leaves the -1 unknown.
DDim ComputeReshapeDims(const DDim& x_dims, const std::vector<int64_t>& shape);

// sum / mean over `dims` (all axes when reduce_all or dims is empty); 0-D when all axes go
// without keep_dim.
void ReduceInferMeta(const MetaTensor& x, const std::vector<int64_t>& dims, bool keep_dim,
                     bool reduce_all, MetaTensor* out);

// mean over all elements: out is 0-D.
void MeanAllInferMeta(const MetaTensor& x, MetaTensor* out);

// squared_l2_norm: Out holds one element, shape [1] as PaddlePaddle's programs declare it.
void SquaredL2NormInferMeta(const MetaTensor& x, MetaTensor* out);

void SoftmaxInferMeta(const MetaTensor& x, int axis, MetaTensor* out);

// xshape (may be null) gets dims [0] + x.dims and x's dtype: the grad op reads x's dims
// from it without keeping x alive.
void ReshapeWithXShapeInferMeta(const MetaTensor& x, const std::vector<int64_t>& shape,
                                MetaTensor* out, MetaTensor* xshape);

// dx dims = xshape.dims[1:].
void ReshapeGradInferMeta(const MetaTensor& xshape, MetaTensor* dx);

void TransposeWithXShapeInferMeta(const MetaTensor& x, const std::vector<int>& axis,
                                  MetaTensor* out, MetaTensor* xshape);

// dx dims are dout's dims permuted back: dx.dims[axis[i]] = dout.dims[i].
void TransposeGradInferMeta(const MetaTensor& dout, const std::vector<int>& axis, MetaTensor* dx);

}  // namespace phi
