#include "paddle/phi/kernels/yolo_box_kernel.h"

#include <algorithm>
#include <cmath>

#include "paddle/common/errors.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_registry.h"

namespace phi {
namespace {

template <typename T>
T Sigmoid(T v) {
  return static_cast<T>(1) / (static_cast<T>(1) + std::exp(-v));
}

}  // namespace

template <typename T, typename Context>
void YoloBoxKernel(const Context& dev_ctx, const DenseTensor& x, const DenseTensor& img_size,
                   const std::vector<int>& anchors, int class_num, float conf_thresh,
                   int downsample_ratio, bool clip_bbox, float scale_x_y, bool iou_aware,
                   float iou_aware_factor, DenseTensor* boxes, DenseTensor* scores) {
  const DDim& d = x.dims();
  const int64_t n = d[0], h = d[2], w = d[3];
  const int64_t anchor_num = static_cast<int64_t>(anchors.size() / 2);
  const int64_t hw = h * w;
  const int64_t box_num = anchor_num * hw;
  // Channel layout per image: [A IoU channels when iou_aware][A x (5 + C) channels].
  const int64_t anchor_stride = (5 + static_cast<int64_t>(class_num)) * hw;
  const int64_t iou_channels = iou_aware ? anchor_num * hw : 0;
  const int64_t image_stride = anchor_num * anchor_stride + iou_channels;
  const T* in = x.data<T>();
  const int* sizes = img_size.data<int>();
  T* box_out = dev_ctx.template Alloc<T>(boxes);
  T* score_out = dev_ctx.template Alloc<T>(scores);
  std::fill(box_out, box_out + boxes->numel(), static_cast<T>(0));
  std::fill(score_out, score_out + scores->numel(), static_cast<T>(0));
  const T scale = static_cast<T>(scale_x_y);
  const T bias = static_cast<T>(-0.5f * (scale_x_y - 1.0f));
  const int64_t input_h = downsample_ratio * h, input_w = downsample_ratio * w;
  for (int64_t b = 0; b < n; ++b) {
    const int64_t img_h = sizes[2 * b], img_w = sizes[2 * b + 1];
    const T* image = in + b * image_stride;
    for (int64_t a = 0; a < anchor_num; ++a) {
      const T* entry = image + iou_channels + a * anchor_stride;
      for (int64_t k = 0; k < h; ++k) {
        for (int64_t l = 0; l < w; ++l) {
          const int64_t cell = k * w + l;
          T conf = Sigmoid(entry[4 * hw + cell]);
          if (iou_aware) {
            const T iou = Sigmoid(image[a * hw + cell]);
            conf = std::pow(conf, static_cast<T>(1.0f - iou_aware_factor)) *
                   std::pow(iou, static_cast<T>(iou_aware_factor));
          }
          if (conf < conf_thresh) continue;
          const T cx = (l + Sigmoid(entry[cell]) * scale + bias) * img_w / w;
          const T cy = (k + Sigmoid(entry[hw + cell]) * scale + bias) * img_h / h;
          const T bw = std::exp(entry[2 * hw + cell]) * anchors[2 * a] * img_w / input_w;
          const T bh = std::exp(entry[3 * hw + cell]) * anchors[2 * a + 1] * img_h / input_h;
          const int64_t box = b * box_num + a * hw + cell;
          T* o = box_out + box * 4;
          o[0] = cx - bw / 2;
          o[1] = cy - bh / 2;
          o[2] = cx + bw / 2;
          o[3] = cy + bh / 2;
          if (clip_bbox) {  // pixel boxes: the last valid coordinate is size - 1
            o[0] = std::max(o[0], static_cast<T>(0));
            o[1] = std::max(o[1], static_cast<T>(0));
            o[2] = std::min(o[2], static_cast<T>(img_w - 1));
            o[3] = std::min(o[3], static_cast<T>(img_h - 1));
          }
          T* s = score_out + box * class_num;
          for (int c = 0; c < class_num; ++c) s[c] = conf * Sigmoid(entry[(5 + c) * hw + cell]);
        }
      }
    }
  }
}

}  // namespace phi

PD_REGISTER_KERNEL(yolo_box, CPU, phi::YoloBoxKernel, float, double);
