// InferMeta of pad3d, the 2-D interpolation ops (bilinear_interp_v2, bicubic_interp_v2) and
// pixel_shuffle.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// x 5-D; paddings {left, right, top, bottom, front, back}, each >= 0 (a Paddings tensor gives
// them: tensor_attrs; at build time Pad3dBuildInferMeta).
void Pad3dInferMeta(const MetaTensor& x, const std::vector<int>& paddings, const std::string& mode,
                    const std::string& data_format, MetaTensor* out);
// pad3d_grad: pad3d's checks; Out@GRAD must have pad3d's output dims. X@GRAD takes X's meta.
void Pad3dGradInferMeta(const MetaTensor& x, const MetaTensor& out_grad,
                        const std::vector<int>& paddings, const std::string& mode,
                        const std::string& data_format, MetaTensor* x_grad);
// pad3d's checks of X, mode and data_format (shared with the build-time InferMeta).
void CheckPad3dFormat(const MetaTensor& x, const std::string& mode, const std::string& data_format);

// 2-D interpolation (x 4-D, NCHW or NHWC; bilinear, bicubic): InterpolateNdInferMeta
// (interp_more.h) with rank 4.
void InterpolateInferMeta(const MetaTensor& x, const MetaTensor& out_size,
                          const std::vector<const MetaTensor*>& size_tensor,
                          const MetaTensor& scale_tensor, const std::string& data_layout, int out_d,
                          int out_h, int out_w, const std::vector<float>& scale,
                          const std::string& interp_method, bool align_corners, int align_mode,
                          MetaTensor* out);

// x 4-D with channels divisible by upscale_factor^2: (N, C*r*r, H, W) -> (N, C, H*r, W*r).
void PixelShuffleInferMeta(const MetaTensor& x, int upscale_factor, const std::string& data_format,
                           MetaTensor* out);
// The inverse shape: (N, C, H*r, W*r) -> (N, C*r*r, H, W).
void PixelShuffleGradInferMeta(const MetaTensor& dout, int upscale_factor,
                               const std::string& data_format, MetaTensor* dx);

}  // namespace phi
