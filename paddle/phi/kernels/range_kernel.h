// range: the 1-D sequence start, start + step, ... stopping before end, from one-element
// tensors; its length depends on their values, so the kernel sizes Out.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void RangeKernel(const Context& dev_ctx, const DenseTensor& start, const DenseTensor& end,
                 const DenseTensor& step, DenseTensor* out);

}  // namespace phi
