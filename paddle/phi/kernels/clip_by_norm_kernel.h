// clip_by_norm: Out = X * max_norm / ||X||_2 when the L2 norm of the whole of X exceeds
// max_norm, else Out = X. PaddlePaddle gives it no gradient (it rescales gradients).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ClipByNormKernel(const Context& dev_ctx, const DenseTensor& x, float max_norm,
                      DenseTensor* out);

}  // namespace phi
