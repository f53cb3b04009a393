// full_like (legacy fill_any_like): a tensor with X's dims, every element set to value, of
// the dtype InferMeta chose (the dtype attribute, or X's when it is -1). X's data is not read.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

// T is X's type (it picks the kernel); the output type is out's dtype. A value outside an
// integer output type's range raises InvalidArgument.
template <typename T, typename Context>
void FullLikeKernel(const Context& dev_ctx, const DenseTensor& x, double value, DataType dtype,
                    DenseTensor* out);

}  // namespace phi
