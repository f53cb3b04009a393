// InferMeta functions of grad ops.
#pragma once

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// dx takes x's meta and dy takes y's meta; either output may be absent (null).
void GeneralBinaryGradInferMeta(const MetaTensor& x, const MetaTensor& y, MetaTensor* dx,
                                MetaTensor* dy);
// dx takes x's meta; dx may be absent.
void UnchangedGradInferMeta(const MetaTensor& x, MetaTensor* dx);
// Checks that `op`'s Out@GRAD has the forward output's dims `want` (unknown dims, -1, agree with
// anything) and dtype `dtype`; kernels then index it by the forward's geometry.
void CheckOutGradLikeForward(const char* op, const DDim& want, DataType dtype,
                             const MetaTensor& out_grad);

}  // namespace phi
