// legacy_matmul (op matmul, version 1): alpha * op(X) op(Y) with matmul_v2's broadcasting and
// vector rules, except that a vector-vector product is [1]. Its gradient is matmul_v2's
// scaled by alpha.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void LegacyMatmulKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                        bool transpose_x, bool transpose_y, float alpha, DenseTensor* out);

template <typename T, typename Context>
void LegacyMatmulGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& y,
                            const DenseTensor& dout, bool transpose_x, bool transpose_y,
                            float alpha, DenseTensor* dx, DenseTensor* dy);

}  // namespace phi
