// sum_grad and mean_grad written once for both backends over ReduceGrad, the broadcast back
// each backend runs its own way (cpu/ and gpu/reduce_grad_kernel).
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/phi/kernels/reduce_grad_kernel.h"

namespace phi {
class CPUContext;
class GPUContext;

// dx = dout broadcast back over the reduced dims, divided by the count of reduced elements when
// `average`. X is only read for its dims.
template <typename T>
void ReduceGrad(const CPUContext& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                const std::vector<int64_t>& dims, bool reduce_all, bool average, DenseTensor* dx);
template <typename T>
void ReduceGrad(const GPUContext& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                const std::vector<int64_t>& dims, bool reduce_all, bool average, DenseTensor* dx);

template <typename T, typename Context>
void SumGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                   const std::vector<int64_t>& dims, bool keep_dim, bool reduce_all,
                   DenseTensor* dx) {
  ReduceGrad<T>(dev_ctx, x, dout, dims, reduce_all, false, dx);
}

template <typename T, typename Context>
void MeanGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                    const std::vector<int64_t>& dims, bool keep_dim, bool reduce_all,
                    DenseTensor* dx) {
  ReduceGrad<T>(dev_ctx, x, dout, dims, reduce_all, true, dx);
}

}  // namespace phi
