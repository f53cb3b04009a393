// expand_v2, expand_as_v2 and tile: x repeated to the output's dims (InferMeta computed them;
// expand broadcasts extents of 1, tile repeats whole extents). Shape and repeat counts come
// from attributes; tensor-valued ones are refused.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void ExpandKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* shape_tensor,
                  const std::vector<const DenseTensor*>& shape_tensors,
                  const std::vector<int64_t>& shape, DenseTensor* out);

template <typename T, typename Context>
void ExpandAsKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* y,
                    const std::vector<int64_t>& target_shape, DenseTensor* out);

template <typename T, typename Context>
void TileKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor* repeat_tensor,
                const std::vector<const DenseTensor*>& repeat_tensors,
                const std::vector<int64_t>& repeat_times, DenseTensor* out);

// dx sums dout over every copy of each x element (expand, expand_as and tile alike).
template <typename T, typename Context>
void RepeatGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& dout,
                      DenseTensor* dx);

}  // namespace phi
