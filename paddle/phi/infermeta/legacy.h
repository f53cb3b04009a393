// InferMeta functions of the version-1 ops matmul and lookup_table, of clip_by_norm and of
// lrn (local response normalization).
#pragma once

#include <cstdint>
#include <string>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// matmul_v2's shape rule, except that a vector-vector product is [1] instead of 0-D.
void LegacyMatmulInferMeta(const MetaTensor& x, const MetaTensor& y, bool transpose_x,
                           bool transpose_y, float alpha, MetaTensor* out);

// Out is Ids.dims with its trailing 1 replaced by W.dims[1].
void LookupTableInferMeta(const MetaTensor& w, const MetaTensor& ids, int64_t padding_idx,
                          MetaTensor* out);
// Checks W, Ids and Out@GRAD as the forward sees them; W@GRAD takes W's meta.
void LookupTableGradInferMeta(const MetaTensor& w, const MetaTensor& ids, const MetaTensor& out_grad,
                              int64_t padding_idx, MetaTensor* w_grad);

void ClipByNormInferMeta(const MetaTensor& x, float max_norm, MetaTensor* out);

// True for "NHWC"; false for "NCHW" or "AnyLayout" (read as NCHW); others are refused.
bool LrnIsChannelLast(const std::string& data_format);

void LrnInferMeta(const MetaTensor& x, int n, float k, float alpha, float beta,
                  const std::string& data_format, MetaTensor* out, MetaTensor* mid_out);

}  // namespace phi
