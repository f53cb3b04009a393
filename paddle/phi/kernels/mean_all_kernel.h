// mean_all (legacy op mean): the mean of every element of x as a 0-D tensor (NaN when x
// is empty).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MeanAllKernel(const Context& dev_ctx, const DenseTensor& x, DenseTensor* out);

}  // namespace phi
