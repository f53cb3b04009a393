// multiclass_nms3: per image and per class greedy non-maximum suppression, then keep_top_k
// across classes. Out rows are [label, score, xmin, ymin, xmax, ymax] grouped by image, then by
// ascending label; Index holds each kept box's flat index into the inputs.
#pragma once

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void MultiClassNmsKernel(const Context& dev_ctx, const DenseTensor& bboxes,
                         const DenseTensor& scores, const DenseTensor* rois_num,
                         float score_threshold, int nms_top_k, int keep_top_k, float nms_threshold,
                         bool normalized, float nms_eta, int background_label, DenseTensor* out,
                         DenseTensor* index, DenseTensor* nms_rois_num);

}  // namespace phi
