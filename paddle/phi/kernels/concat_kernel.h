// concat: joins tensors of equal rank along `axis` (negative counts from the end); they must
// agree on every other extent. Out's dims come from ConcatInferMeta.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ConcatKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x, int axis,
                  DenseTensor* out);

}  // namespace phi
