// sum and mean written once for both backends over ReduceSumOrMean, the reduction each backend
// runs its own way (cpu/ and gpu/reduce_kernel).
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/kernels/reduce_kernel.h"

namespace phi {
class CPUContext;
class GPUContext;

// out = x summed over dims (all of them with reduce_all), then divided by the count of summed
// elements when `average`.
template <typename T>
void ReduceSumOrMean(const CPUContext& dev_ctx, const DenseTensor& x,
                     const std::vector<int64_t>& dims, bool keep_dim, bool reduce_all,
                     bool average, DenseTensor* out);
template <typename T>
void ReduceSumOrMean(const GPUContext& dev_ctx, const DenseTensor& x,
                     const std::vector<int64_t>& dims, bool keep_dim, bool reduce_all,
                     bool average, DenseTensor* out);

template <typename T, typename Context>
void SumKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& dims,
               bool keep_dim, bool reduce_all, DenseTensor* out) {
  ReduceSumOrMean<T>(dev_ctx, x, dims, keep_dim, reduce_all, false, out);
}

template <typename T, typename Context>
void MeanKernel(const Context& dev_ctx, const DenseTensor& x, const std::vector<int64_t>& dims,
                bool keep_dim, bool reduce_all, DenseTensor* out) {
  ReduceSumOrMean<T>(dev_ctx, x, dims, keep_dim, reduce_all, true, out);
}

}  // namespace phi
