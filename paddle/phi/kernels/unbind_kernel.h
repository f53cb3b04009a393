// unbind: Out[i] = X[..., i, ...] along axis, one output per index, each without that axis
// (the unstack kernel with num = X.dims[axis]). Its gradient is a stack along axis.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void UnbindKernel(const Context& dev_ctx, const DenseTensor& x, int axis,
                  std::vector<DenseTensor*> outs);

}  // namespace phi
