// yolo_box: decodes a YOLOv3 head [N, A * (5 + C), H, W] (an IoU channel per anchor first when
// iou_aware) into pixel boxes [N, A*H*W, 4] and class scores [N, A*H*W, C]; boxes whose
// confidence is below conf_thresh stay all zero.
#pragma once

#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace phi {

template <typename T, typename Context>
void YoloBoxKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& img_size,
                   const std::vector<int>& anchors, int class_num, float conf_thresh,
                   int downsample_ratio, bool clip_bbox, float scale_x_y, bool iou_aware,
                   float iou_aware_factor, DenseTensor* boxes, DenseTensor* scores);

}  // namespace phi
