// concat_grad: hands each input the slice of Out@GRAD it filled. Entries of dx may be nullptr
// for inputs whose gradient is not wanted; x supplies only dims (its data is never read).
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ConcatGradKernel(const Context& dev_ctx, const std::vector<const DenseTensor*>& x,
                      const DenseTensor& dout, int axis, std::vector<DenseTensor*> dx);

}  // namespace phi
