// InferMeta of the *_interp_v2 ops over 1, 2 or 3 spatial axes: linear (3-D X), bilinear and
// bicubic (4-D), trilinear (5-D) and nearest (4-D or 5-D).
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// X of rank in [min_rank, max_rank], channels first (data_layout "NCHW", also for NCW and
// NCDHW data) or last ("NHWC"). The out extents of the last rank - 2 of (out_d, out_h, out_w),
// or X's extents times scale (one entry > 0 per spatial axis, truncated) when scale holds that
// many; unknown when sizes or scales come as tensors (OutSize, SizeTensor, Scale).
void InterpolateNdInferMeta(const MetaTensor& x, const MetaTensor& out_size,
                            const std::vector<const MetaTensor*>& size_tensor,
                            const MetaTensor& scale_tensor, const std::string& data_layout,
                            int out_d, int out_h, int out_w, const std::vector<float>& scale,
                            const std::string& interp_method, bool align_corners, int align_mode,
                            int min_rank, int max_rank, MetaTensor* out);

#define PD_INTERP_INFER_META_DECL(Name)                                                            \
  void Name(const MetaTensor& x, const MetaTensor& out_size,                                       \
            const std::vector<const MetaTensor*>& size_tensor, const MetaTensor& scale_tensor,     \
            const std::string& data_layout, int out_d, int out_h, int out_w,                       \
            const std::vector<float>& scale, const std::string& interp_method, bool align_corners, \
            int align_mode, MetaTensor* out);

PD_INTERP_INFER_META_DECL(LinearInterpInferMeta)     // 3-D
PD_INTERP_INFER_META_DECL(TrilinearInterpInferMeta)  // 5-D
PD_INTERP_INFER_META_DECL(NearestInterpInferMeta)    // 4-D or 5-D

#undef PD_INTERP_INFER_META_DECL

}  // namespace phi
