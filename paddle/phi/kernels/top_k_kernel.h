// topk (legacy top_k_v2): the k largest (or smallest) values along an axis and their int64
// indices, ordered best first; equal values keep index order, NaN counts as the largest.
// topk_v1 (legacy top_k) works on the last axis. The ops' K tensor gives k (tensor_attrs).
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void TopkKernel(const Context& dev_ctx, const DenseTensor& x, int k, int axis, bool largest,
                bool sorted, DenseTensor* out, DenseTensor* indices);

template <typename T, typename Context>
void TopkV1Kernel(const Context& dev_ctx, const DenseTensor& x, int k, DenseTensor* out,
                  DenseTensor* indices);

}  // namespace phi
