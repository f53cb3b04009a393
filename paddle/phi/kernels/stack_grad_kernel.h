// stack_grad: hands input i the slice i of Y@GRAD along the stacked axis. Entries of dx may be
// nullptr for inputs whose gradient is not wanted.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void StackGradKernel(const Context& dev_ctx, const DenseTensor& dy, int axis,
                     std::vector<DenseTensor*> dx);

}  // namespace phi
