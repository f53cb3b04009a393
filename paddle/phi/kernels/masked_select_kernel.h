// masked_select: Y is the 1-D list of X's elements where the bool Mask holds, X and Mask
// broadcast together (NumPy rule), in row-major order of the broadcast shape. The grad
// scatters Y@GRAD back to those positions and sums over the dims where X was broadcast.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MaskedSelectKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& mask,
                        DenseTensor* y);

template <typename T, typename Context>
void MaskedSelectGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& mask,
                            const DenseTensor& dy, DenseTensor* dx);

}  // namespace phi
