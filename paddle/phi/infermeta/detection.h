// InferMeta of the detection ops (yolo_box, prior_box, box_coder, multiclass_nms3, roi_align),
// plus the small facts their kernels share with it (the expanded aspect-ratio list of prior_box,
// the RoisNum dtype check), so that build-time and run-time checks agree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/phi/core/meta_tensor.h"

namespace phi {

// prior_box's aspect ratios: 1 first, then each new ratio (within 1e-6 of none before) followed
// by its reciprocal when flip is set.
std::vector<float> ExpandAspectRatios(const std::vector<float>& aspect_ratios, bool flip);

// Checks that an optional per-image box count input is a 1-D int32/int64 tensor.
void CheckRoisNum(const MetaTensor& rois_num, const char* op);

void YoloBoxInferMeta(const MetaTensor& x, const MetaTensor& img_size,
                      const std::vector<int>& anchors, int class_num, float conf_thresh,
                      int downsample_ratio, bool clip_bbox, float scale_x_y, bool iou_aware,
                      float iou_aware_factor, MetaTensor* boxes, MetaTensor* scores);

void PriorBoxInferMeta(const MetaTensor& input, const MetaTensor& image,
                       const std::vector<float>& min_sizes, const std::vector<float>& max_sizes,
                       const std::vector<float>& aspect_ratios, const std::vector<float>& variances,
                       bool flip, bool clip, float step_w, float step_h, float offset,
                       bool min_max_aspect_ratios_order, MetaTensor* boxes, MetaTensor* var);

void BoxCoderInferMeta(const MetaTensor& prior_box, const MetaTensor& prior_box_var,
                       const MetaTensor& target_box, const std::string& code_type,
                       bool box_normalized, int axis, const std::vector<float>& variance,
                       MetaTensor* output_box);

// Out is [-1, 6] and Index [-1, 1] (int32): their row count is data dependent.
void MultiClassNmsInferMeta(const MetaTensor& bboxes, const MetaTensor& scores,
                            const MetaTensor& rois_num, float score_threshold, int nms_top_k,
                            int keep_top_k, float nms_threshold, bool normalized, float nms_eta,
                            int background_label, MetaTensor* out, MetaTensor* index,
                            MetaTensor* nms_rois_num);

// The most samples roi_align takes for one ROI (pooled_height x pooled_width bins of its
// sampling grid; 48 or 64 bytes each): 2^24, the adaptive grid's bound of 4096 x 4096 in a bin.
inline constexpr int64_t kRoiAlignMaxSamples = int64_t{1} << 24;

void RoiAlignInferMeta(const MetaTensor& x, const MetaTensor& rois, const MetaTensor& rois_num,
                       int pooled_height, int pooled_width, float spatial_scale, int sampling_ratio,
                       bool aligned, MetaTensor* out);

// X, ROIs and the attributes pass roi_align's checks; Out@GRAD has its output dims and X's dtype.
void RoiAlignGradInferMeta(const MetaTensor& x, const MetaTensor& rois, const MetaTensor& rois_num,
                           const MetaTensor& out_grad, int pooled_height, int pooled_width,
                           float spatial_scale, int sampling_ratio, bool aligned,
                           MetaTensor* x_grad);

}  // namespace phi
