// take_along_axis: Result[p] = Input[p with its Axis coordinate replaced by Index[p]] for every
// position p of Index (Index has Input's rank; off Axis its extents are at most Input's). The
// gradient adds Result@GRAD into a zeroed Input@GRAD at those positions.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void TakeAlongAxisKernel(const Context& dev_ctx, const DenseTensor& input,
                         const DenseTensor& index, int axis, DenseTensor* result);

template <typename T, typename Context>
void TakeAlongAxisGradKernel(const Context& dev_ctx, const DenseTensor& index,
                             const DenseTensor& result_grad, int axis, DenseTensor* input_grad);

}  // namespace phi
