// scatter_nd_add: Out = X, then for each tuple i of Index [..., k] (int32 or int64; coordinate
// j in [-X.dims[j], X.dims[j]), negatives counting from the end) Updates' slice i is added to
// the slice X[Index[i, 0], ..., Index[i, k - 1], ...]; repeated tuples accumulate. A coordinate
// out of range raises InvalidArgument naming it, its axis and the extent. The grad: X@GRAD is
// Out@GRAD, Updates@GRAD gathers Out@GRAD's slices at the tuples.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ScatterNdAddKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& index,
                        const DenseTensor& updates, DenseTensor* out);

// x_grad and updates_grad may be null (not wanted).
template <typename T, typename Context>
void ScatterNdAddGradKernel(const Context& dev_ctx, const DenseTensor& index,
                            const DenseTensor& out_grad, DenseTensor* x_grad,
                            DenseTensor* updates_grad);

}  // namespace phi
