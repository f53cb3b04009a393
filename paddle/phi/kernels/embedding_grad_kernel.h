// embedding_grad (legacy lookup_table_v2_grad): a dense W@GRAD that sums each Out@GRAD row into
// the row of its id; the padding_idx row gets no gradient. (Sparse gradients are not produced.)
#pragma once

#include <cstdint>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void EmbeddingGradKernel(const Context& dev_ctx, const DenseTensor& ids,
                         const DenseTensor& weight, const DenseTensor& out_grad,
                         int64_t padding_idx, DenseTensor* weight_grad);

}  // namespace phi
