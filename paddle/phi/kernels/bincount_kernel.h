// bincount: Out[v] is the number of elements of the 1-D int X equal to v (with Weights, the sum
// of their weights) for v in [0, max(max(X) + 1, minlength)). A negative value in X raises
// InvalidArgument naming it. T is X's type; Out has Weights' dtype (int64 without Weights).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void BincountKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* weights,
                    int minlength, DenseTensor* out);

}  // namespace phi
