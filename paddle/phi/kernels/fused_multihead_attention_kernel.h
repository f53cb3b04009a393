// fused_multihead_attention: the attention of head_number heads over Q [B, Sq, H * D],
// K [B, Skv, H * D] and V [B, Skv, H * Dv] that multihead_attention_fuse_pass makes of the
// reshape / transpose / matmul / scale / softmax chain (see paddle/ops/yaml/fused.yaml).
// Inference only; CPU.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void FusedMultiheadAttentionKernel(const Context& dev_ctx, const DenseTensor& q,
                                   const DenseTensor& k, const DenseTensor& v,
                                   const DenseTensor* mask, int head_number, float alpha,
                                   bool scale_q, DenseTensor* out);

}  // namespace phi
