// prior_box: SSD anchor boxes [H, W, num_priors, 4] (normalized by the image size) for every
// cell of a feature map, and their variances broadcast to the same shape.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void PriorBoxKernel(const Context& dev_ctx, const DenseTensor& input, const DenseTensor& image,
                    const std::vector<float>& min_sizes, const std::vector<float>& max_sizes,
                    const std::vector<float>& aspect_ratios, const std::vector<float>& variances,
                    bool flip, bool clip, float step_w, float step_h, float offset,
                    bool min_max_aspect_ratios_order, DenseTensor* boxes, DenseTensor* var);

}  // namespace phi
