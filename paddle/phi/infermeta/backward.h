// InferMeta functions of grad ops.
#pragma once

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// dx takes x's meta and dy takes y's meta; either output may be absent (null).
void GeneralBinaryGradInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* dx,
                                MetaTensor* dy);
// dx takes x's meta; dx may be absent.
void UnchangedGradInferMeta(const MetaTensor& x, MetaTensor* dx);
// Checks that a grad op's Out@GRAD has its forward op's output dims `want` (unknown dims, -1,
// agree with anything) and dtype `dtype` (an undefined one passes); kernels then index it by the
// forward's geometry. Errors name both ops, e.g. "gather_nd_grad's Out@GRAD ... gather_nd's".
void CheckOutGradLikeForward(const char* forward_op, const DDim& want, DataType dtype,
                             const MetaTensor& out_grad);

}  // namespace phi
