// sum_grad and mean_grad: broadcast dout back over the reduced axes (divided by the
// number of reduced elements for mean). dout may come with or without keep_dim's unit dims.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void SumGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   const std::vector<int64_t>& dims, bool keep_dim, bool reduce_all,
                   DenseTensor* dx);

template <typename T, typename Context>
void MeanGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    const std::vector<int64_t>& dims, bool keep_dim, bool reduce_all,
                    DenseTensor* dx);

}  // namespace phi
