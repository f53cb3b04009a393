// clip_grad: dx = dout where min <= x <= max, 0 elsewhere (bounds as in clip). dx may be
// nullptr when not wanted.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ClipGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    double min, double max, DenseTensor* dx);

}  // namespace phi
