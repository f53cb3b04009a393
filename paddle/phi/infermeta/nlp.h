// InferMeta functions of the NLP ops: tril_triu, cumsum, cumprod, index_select, bmm, arg_min,
// argsort.
#pragma once

#include <cstdint>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

void TrilTriuInferMeta(const MetaTensor& x, int diagonal, bool lower, MetaTensor* out);

void CumsumInferMeta(const MetaTensor& x, int axis, bool flatten, bool exclusive, bool reverse,
                     MetaTensor* out);
// cumsum_grad: Out@GRAD must have the dims cumsum gives X (flattened or not) and X's dtype.
void CumsumGradInferMeta(const MetaTensor& x, const MetaTensor& out_grad, int axis, bool flatten,
                         bool exclusive, bool reverse, MetaTensor* x_grad);

// cumprod: Out is X's meta; dim must name an axis of X.
void CumprodInferMeta(const MetaTensor& x, int dim, MetaTensor* out);
// cumprod_grad: Out@GRAD must have X's dims and dtype; X@GRAD takes X's meta.
void CumprodGradInferMeta(const MetaTensor& x, const MetaTensor& out_grad, int dim,
                          MetaTensor* x_grad);

void IndexSelectInferMeta(const MetaTensor& x, const MetaTensor& index, int dim, MetaTensor* out);

void BmmInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* out);
// bmm's checks, Out@GRAD with bmm's output dims [B, M, N], then X@GRAD / Y@GRAD like X / Y.
void BmmGradInferMeta(const MetaTensor& x, const MetaTensor& y, const MetaTensor& out_grad,
                      MetaTensor* x_grad, MetaTensor* y_grad);

void ArgMinInferMeta(const MetaTensor& x, int64_t axis, bool keepdims, bool flatten, DataType dtype,
                     MetaTensor* out);

void ArgsortInferMeta(const MetaTensor& x, int axis, bool descending, MetaTensor* out,
                      MetaTensor* indices);

}  // namespace phi
