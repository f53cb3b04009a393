// InferMeta functions of the tensor_more ops: gather_nd, scatter, p_norm, unstack,
// assign_value, fill_constant_batch_size_like, truncated_gaussian_random.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

void GatherNdInferMeta(const MetaTensor& x, const MetaTensor& index, MetaTensor* out);

void ScatterInferMeta(const MetaTensor& x, const MetaTensor& ids, const MetaTensor& updates,
                      bool overwrite, MetaTensor* out);

void PNormInferMeta(const MetaTensor& x, float porder, int axis, float epsilon, bool keepdim,
                    bool asvector, MetaTensor* out);

// p_norm_grad: Out and Out@GRAD must have the norm's element count for X (as p_norm computes
// it); X@GRAD takes X's meta.
void PNormGradInferMeta(const MetaTensor& x, const MetaTensor& out, const MetaTensor& out_grad,
                        float porder, int axis, float epsilon, bool keepdim, bool asvector,
                        MetaTensor* x_grad);

// gather_nd_grad: gather_nd's checks of X and Index; Out@GRAD must have gather_nd's output
// dims. X@GRAD takes X's meta.
void GatherNdGradInferMeta(const MetaTensor& x, const MetaTensor& index,
                           const MetaTensor& out_grad, MetaTensor* x_grad);

// scatter_grad: scatter's checks with Out@GRAD in X's place; X@GRAD takes Out@GRAD's meta,
// Updates@GRAD takes Updates'.
void ScatterGradInferMeta(const MetaTensor& ids, const MetaTensor& updates,
                          const MetaTensor& out_grad, MetaTensor* x_grad,
                          MetaTensor* updates_grad);

void UnStackInferMeta(const MetaTensor& x, int axis, int num, std::vector<MetaTensor*> outs);

// Creation ops: the shape attribute, checked (non-negative extents, a count that fits 64 bits).
void AssignValueInferMeta(const std::vector<int>& shape, DataType dtype, MetaTensor* out);

void TruncatedGaussianRandomInferMeta(const std::vector<int>& shape, DataType dtype,
                                      MetaTensor* out);

// shape with shape[output_dim_idx] replaced by Input.dims[input_dim_idx].
void FillConstantBatchSizeLikeInferMeta(const MetaTensor& input, DataType dtype,
                                        const std::vector<int>& shape, int input_dim_idx,
                                        int output_dim_idx, MetaTensor* out);

}  // namespace phi
