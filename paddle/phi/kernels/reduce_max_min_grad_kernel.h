// max_grad and min_grad: dout is routed to the positions of x equal to the reduced value (every
// tied position gets the full gradient, as in Paddle); all others get 0. dout may come with or
// without keep_dim's unit dims; dx may be nullptr when not wanted.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MaxGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                   const DenseTensor& dout, const std::vector<int64_t>& dims, bool keep_dim,
                   bool reduce_all, DenseTensor* dx);

template <typename T, typename Context>
void MinGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& out,
                   const DenseTensor& dout, const std::vector<int64_t>& dims, bool keep_dim,
                   bool reduce_all, DenseTensor* dx);

}  // namespace phi
