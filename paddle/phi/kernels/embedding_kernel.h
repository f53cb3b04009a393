// embedding (legacy lookup_table_v2): Out[..., :] = W[id, :] for every id in Ids (int64 or
// int32); rows whose id equals padding_idx (unless -1) are zero. Ids outside [0, V) raise
// InvalidArgument naming the id and the vocabulary size.
#pragma once

#include <cstdint>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void EmbeddingKernel(const Context& dev_ctx, const DenseTensor& ids, const DenseTensor& weight,
                     int64_t padding_idx, DenseTensor* out);

}  // namespace phi
