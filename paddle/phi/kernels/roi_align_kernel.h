// roi_align: average of bilinear samples over each bin of each region of interest
// (Mask R-CNN's RoIAlign); ROIs [R, 4] are in input-image coordinates scaled by spatial_scale,
// and RoisNum (one count per image) assigns them to images. Its gradient scatters back.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void RoiAlignKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& rois,
                    const DenseTensor* rois_num, int pooled_height, int pooled_width,
                    float spatial_scale, int sampling_ratio, bool aligned, DenseTensor* out);

template <typename T, typename Context>
void RoiAlignGradKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& rois,
                        const DenseTensor* rois_num, const DenseTensor& dout, int pooled_height,
                        int pooled_width, float spatial_scale, int sampling_ratio, bool aligned,
                        DenseTensor* dx);

}  // namespace phi
