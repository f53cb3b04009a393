#include "paddle/phi/infermeta/detection.h"

#include <cmath>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/backward.h"
#include "paddle/phi/kernels/funcs/axis_utils.h"

namespace phi {

using funcs::FormatList;
// Two extents agree unless both are known and differ.
constexpr auto Agree = funcs::ExtentsCompatible;

namespace {

bool IsFloating(DataType t) { return t == DataType::FLOAT32 || t == DataType::FLOAT64; }

}  // namespace

std::vector<float> ExpandAspectRatios(const std::vector<float>& aspect_ratios, bool flip) {
  std::vector<float> out{1.0f};
  for (float ar : aspect_ratios) {
    bool seen = false;
    for (float have : out) seen = seen || std::fabs(ar - have) < 1e-6f;
    if (seen) continue;
    out.push_back(ar);
    if (flip) out.push_back(1.0f / ar);
  }
  return out;
}

void CheckRoisNum(const MetaTensor& rois_num, const char* op) {
  if (!rois_num) return;
  PD_CHECK(rois_num.dims().size() == 1, InvalidArgument, "expected ", op,
           "'s RoisNum to be 1-D, but got ", rois_num.dims());
  PD_CHECK(rois_num.dtype() == DataType::INT32 || rois_num.dtype() == DataType::INT64,
           InvalidArgument, "expected ", op, "'s RoisNum to be int32 or int64, but got ",
           rois_num.dtype());
}

void YoloBoxInferMeta(const MetaTensor& x, const MetaTensor& img_size,
                      const std::vector<int>& anchors, int class_num, float conf_thresh,
                      int downsample_ratio, bool clip_bbox, float scale_x_y, bool iou_aware,
                      float iou_aware_factor, MetaTensor* boxes, MetaTensor* scores) {
  const DDim& xd = x.dims();
  const DDim& sd = img_size.dims();
  PD_CHECK(IsFloating(x.dtype()), InvalidArgument,
           "expected yolo_box's X to be float32 or float64, but got ", x.dtype());
  PD_CHECK(xd.size() == 4, InvalidArgument,
           "expected yolo_box's X to be 4-D [N, C, H, W], but got ", xd);
  PD_CHECK(
      !anchors.empty() && anchors.size() % 2 == 0, InvalidArgument,
      "expected yolo_box's anchors to hold a non-empty list of (width, height) pairs, but got ",
      FormatList(anchors));
  PD_CHECK(class_num > 0, InvalidArgument, "expected yolo_box's class_num > 0, but got ",
           class_num);
  PD_CHECK(downsample_ratio > 0, InvalidArgument,
           "expected yolo_box's downsample_ratio > 0, but got ", downsample_ratio);
  PD_CHECK(scale_x_y > 0.0f, InvalidArgument, "expected yolo_box's scale_x_y > 0, but got ",
           scale_x_y);
  const int64_t anchor_num = static_cast<int64_t>(anchors.size() / 2);
  const int64_t per_anchor = (iou_aware ? 6 : 5) + static_cast<int64_t>(class_num);
  if (iou_aware) {
    PD_CHECK(iou_aware_factor >= 0.0f && iou_aware_factor <= 1.0f, InvalidArgument,
             "expected yolo_box's iou_aware_factor in [0, 1], but got ", iou_aware_factor);
  }
  PD_CHECK(Agree(xd[1], anchor_num * per_anchor), InvalidArgument,
           "expected yolo_box's X dims[1] to be anchor_num * (", per_anchor - class_num,
           " + class_num) = ", anchor_num * per_anchor, " (", anchor_num, " anchors, class_num ",
           class_num, iou_aware ? ", iou_aware" : "", "), but got X ", xd);
  PD_CHECK(img_size.dtype() == DataType::INT32, InvalidArgument,
           "expected yolo_box's ImgSize to be int32, but got ", img_size.dtype());
  PD_CHECK(sd.size() == 2 && Agree(sd[1], 2), InvalidArgument,
           "expected yolo_box's ImgSize to be [N, 2] (height, width), but got ", sd);
  PD_CHECK(Agree(sd[0], xd[0]), InvalidArgument,
           "expected yolo_box's ImgSize dims[0] to equal X dims[0], but got ImgSize ", sd,
           " and X ", xd);
  const int64_t box_num = (xd[2] < 0 || xd[3] < 0) ? -1 : xd[2] * xd[3] * anchor_num;
  boxes->set_dims(DDim({xd[0], box_num, 4}));
  boxes->set_dtype(x.dtype());
  scores->set_dims(DDim({xd[0], box_num, class_num}));
  scores->set_dtype(x.dtype());
}

void PriorBoxInferMeta(const MetaTensor& input, const MetaTensor& image,
                       const std::vector<float>& min_sizes, const std::vector<float>& max_sizes,
                       const std::vector<float>& aspect_ratios, const std::vector<float>& variances,
                       bool flip, bool clip, float step_w, float step_h, float offset,
                       bool min_max_aspect_ratios_order, MetaTensor* boxes, MetaTensor* var) {
  const DDim& in = input.dims();
  PD_CHECK(IsFloating(input.dtype()), InvalidArgument,
           "expected prior_box's Input to be float32 or float64, but got ", input.dtype());
  PD_CHECK(in.size() == 4, InvalidArgument, "expected prior_box's Input to be 4-D (NCHW), but got ",
           in);
  PD_CHECK(image.dims().size() == 4, InvalidArgument,
           "expected prior_box's Image to be 4-D (NCHW), but got ", image.dims());
  PD_CHECK(!min_sizes.empty(), InvalidArgument,
           "expected prior_box's min_sizes to be non-empty, but got []");
  for (float s : min_sizes) {
    PD_CHECK(s > 0.0f, InvalidArgument, "expected prior_box's min_sizes > 0, but got ",
             FormatList(min_sizes));
  }
  PD_CHECK(variances.size() == 4, InvalidArgument,
           "expected prior_box's variances to hold 4 values, but got ", FormatList(variances));
  for (float v : variances) {
    PD_CHECK(v > 0.0f, InvalidArgument, "expected prior_box's variances > 0, but got ",
             FormatList(variances));
  }
  for (float ar : aspect_ratios) {
    PD_CHECK(ar > 0.0f, InvalidArgument, "expected prior_box's aspect_ratios > 0, but got ",
             FormatList(aspect_ratios));
  }
  PD_CHECK(step_w >= 0.0f && step_h >= 0.0f, InvalidArgument,
           "expected prior_box's step_w and step_h >= 0, but got step_w ", step_w, ", step_h ",
           step_h);
  int64_t num_priors =
      static_cast<int64_t>(ExpandAspectRatios(aspect_ratios, flip).size() * min_sizes.size());
  if (!max_sizes.empty()) {
    PD_CHECK(max_sizes.size() == min_sizes.size(), InvalidArgument,
             "expected prior_box's max_sizes to hold as many values as min_sizes (",
             min_sizes.size(), "), but got ", FormatList(max_sizes));
    for (size_t i = 0; i < max_sizes.size(); ++i) {
      PD_CHECK(max_sizes[i] > min_sizes[i], InvalidArgument, "expected prior_box's max_sizes[", i,
               "] > min_sizes[", i, "] (", min_sizes[i], "), but got ", max_sizes[i]);
    }
    num_priors += static_cast<int64_t>(max_sizes.size());
  }
  const DDim out({in[2], in[3], num_priors, 4});
  boxes->set_dims(out);
  boxes->set_dtype(input.dtype());
  var->set_dims(out);
  var->set_dtype(input.dtype());
}

void BoxCoderInferMeta(const MetaTensor& prior_box, const MetaTensor& prior_box_var,
                       const MetaTensor& target_box, const std::string& code_type,
                       bool box_normalized, int axis, const std::vector<float>& variance,
                       MetaTensor* output_box) {
  const DDim& pd = prior_box.dims();
  const DDim& td = target_box.dims();
  PD_CHECK(IsFloating(target_box.dtype()) && prior_box.dtype() == target_box.dtype(),
           InvalidArgument,
           "expected box_coder's PriorBox and TargetBox to share a float32 or float64 dtype, "
           "but got ",
           prior_box.dtype(), " and ", target_box.dtype());
  PD_CHECK(code_type == "encode_center_size" || code_type == "decode_center_size", InvalidArgument,
           "expected box_coder's code_type \"encode_center_size\" or \"decode_center_size\", "
           "but got \"",
           code_type, "\"");
  PD_CHECK(pd.size() == 2 && Agree(pd[1], 4), InvalidArgument,
           "expected box_coder's PriorBox to be [M, 4], but got ", pd);
  if (prior_box_var) {
    PD_CHECK(prior_box_var.dims().size() == 2 && Agree(prior_box_var.dims()[0], pd[0]) &&
                 Agree(prior_box_var.dims()[1], 4),
             InvalidArgument, "expected box_coder's PriorBoxVar to have PriorBox's shape ", pd,
             ", but got ", prior_box_var.dims());
    PD_CHECK(prior_box_var.dtype() == prior_box.dtype(), InvalidArgument,
             "expected box_coder's PriorBoxVar dtype to equal PriorBox's ", prior_box.dtype(),
             ", but got ", prior_box_var.dtype());
    PD_CHECK(variance.empty(), InvalidArgument,
             "expected box_coder's variance attribute to be empty when PriorBoxVar is given, "
             "but got ",
             FormatList(variance));
  }
  PD_CHECK(variance.empty() || variance.size() == 4, InvalidArgument,
           "expected box_coder's variance to be empty or hold 4 values, but got ",
           FormatList(variance));
  if (code_type == "encode_center_size") {
    PD_CHECK(td.size() == 2 && Agree(td[1], 4), InvalidArgument,
             "expected box_coder's TargetBox to be [N, 4] for encode_center_size, but got ", td);
    output_box->set_dims(DDim({td[0], pd[0], 4}));
  } else {
    PD_CHECK(td.size() == 3 && Agree(td[2], 4), InvalidArgument,
             "expected box_coder's TargetBox to be [N, M, 4] for decode_center_size, but got ", td);
    PD_CHECK(axis == 0 || axis == 1, InvalidArgument, "expected box_coder's axis 0 or 1, but got ",
             axis);
    PD_CHECK(Agree(td[axis == 0 ? 1 : 0], pd[0]), InvalidArgument,
             "expected box_coder's TargetBox dims[", axis == 0 ? 1 : 0,
             "] to equal PriorBox dims[0] (axis ", axis, "), but got TargetBox ", td,
             " and PriorBox ", pd);
    output_box->set_dims(td);
  }
  output_box->set_dtype(target_box.dtype());
}

void MultiClassNmsInferMeta(const MetaTensor& bboxes, const MetaTensor& scores,
                            const MetaTensor& rois_num, float score_threshold, int nms_top_k,
                            int keep_top_k, float nms_threshold, bool normalized, float nms_eta,
                            int background_label, MetaTensor* out, MetaTensor* index,
                            MetaTensor* nms_rois_num) {
  const DDim& bd = bboxes.dims();
  const DDim& sd = scores.dims();
  PD_CHECK(IsFloating(scores.dtype()) && bboxes.dtype() == scores.dtype(), InvalidArgument,
           "expected multiclass_nms3's BBoxes and Scores to share a float32 or float64 dtype, "
           "but got ",
           bboxes.dtype(), " and ", scores.dtype());
  PD_CHECK(sd.size() == 2 || sd.size() == 3, InvalidArgument,
           "expected multiclass_nms3's Scores to be 3-D [N, C, M] or 2-D [M, C], but got ", sd);
  PD_CHECK(bd.size() == 3, InvalidArgument, "expected multiclass_nms3's BBoxes to be 3-D, but got ",
           bd);
  if (sd.size() == 3) {
    // PaddlePaddle also takes 8/16/24/32-value polygons here (clipped with gpc); not supported.
    PD_CHECK(bd[2] < 0 || bd[2] == 4, Unimplemented,
             "expected multiclass_nms3's BBoxes boxes of 4 values [xmin, ymin, xmax, ymax] "
             "(polygon boxes are not supported), but got BBoxes ",
             bd);
    PD_CHECK(Agree(bd[0], sd[0]) && Agree(bd[1], sd[2]), InvalidArgument,
             "expected multiclass_nms3's BBoxes [N, M, 4] to match Scores [N, C, M], but got "
             "BBoxes ",
             bd, " and Scores ", sd);
  } else {
    PD_CHECK(Agree(bd[2], 4) && Agree(bd[0], sd[0]) && Agree(bd[1], sd[1]), InvalidArgument,
             "expected multiclass_nms3's BBoxes [M, C, 4] to match Scores [M, C], but got "
             "BBoxes ",
             bd, " and Scores ", sd);
  }
  CheckRoisNum(rois_num, "multiclass_nms3");
  PD_CHECK(nms_threshold >= 0.0f, InvalidArgument,
           "expected multiclass_nms3's nms_threshold >= 0, but got ", nms_threshold);
  PD_CHECK(nms_eta > 0.0f, InvalidArgument, "expected multiclass_nms3's nms_eta > 0, but got ",
           nms_eta);
  PD_CHECK(nms_top_k >= -1 && keep_top_k >= -1, InvalidArgument,
           "expected multiclass_nms3's nms_top_k and keep_top_k >= -1 (-1: keep all), but got "
           "nms_top_k ",
           nms_top_k, ", keep_top_k ", keep_top_k);
  out->set_dims(DDim({-1, bd[2] < 0 ? -1 : bd[2] + 2}));
  out->set_dtype(bboxes.dtype());
  index->set_dims(DDim({-1, 1}));
  index->set_dtype(DataType::INT32);
  if (nms_rois_num != nullptr) {
    nms_rois_num->set_dims(DDim({-1}));
    nms_rois_num->set_dtype(DataType::INT32);
  }
}

void RoiAlignInferMeta(const MetaTensor& x, const MetaTensor& rois, const MetaTensor& rois_num,
                       int pooled_height, int pooled_width, float spatial_scale, int sampling_ratio,
                       bool aligned, MetaTensor* out) {
  const DDim& xd = x.dims();
  const DDim& rd = rois.dims();
  PD_CHECK(IsFloating(x.dtype()) && rois.dtype() == x.dtype(), InvalidArgument,
           "expected roi_align's X and ROIs to share a float32 or float64 dtype, but got ",
           x.dtype(), " and ", rois.dtype());
  PD_CHECK(xd.size() == 4, InvalidArgument,
           "expected roi_align's X to be 4-D [N, C, H, W], but got ", xd);
  PD_CHECK(rd.size() == 2 && Agree(rd[1], 4), InvalidArgument,
           "expected roi_align's ROIs to be [R, 4], but got ", rd);
  CheckRoisNum(rois_num, "roi_align");
  if (rois_num) {
    PD_CHECK(Agree(rois_num.dims()[0], xd[0]), InvalidArgument,
             "expected roi_align's RoisNum to hold one count per image (", xd[0], "), but got ",
             rois_num.dims());
  }
  PD_CHECK(pooled_height > 0 && pooled_width > 0, InvalidArgument,
           "expected roi_align's pooled_height and pooled_width > 0, but got ", pooled_height,
           " and ", pooled_width);
  PD_CHECK(std::isfinite(spatial_scale) && spatial_scale > 0.0f, InvalidArgument,
           "expected roi_align's spatial_scale finite and > 0, but got ", spatial_scale);
  // The kernel's bound on the samples of one ROI, checked here where the grid is fixed.
  const int64_t grid = sampling_ratio > 0 ? int64_t{sampling_ratio} * sampling_ratio : 1;
  PD_CHECK(grid <= kRoiAlignMaxSamples / (int64_t{pooled_height} * pooled_width), InvalidArgument,
           "expected roi_align to take at most 2^24 samples an ROI, but got sampling_ratio ",
           sampling_ratio, " (", grid, " samples a bin) over ", pooled_height, " x ", pooled_width,
           " bins");
  out->set_dims(DDim({rd[0], xd[1], pooled_height, pooled_width}));
  out->set_dtype(x.dtype());
}

void RoiAlignGradInferMeta(const MetaTensor& x, const MetaTensor& rois, const MetaTensor& rois_num,
                           const MetaTensor& out_grad, int pooled_height, int pooled_width,
                           float spatial_scale, int sampling_ratio, bool aligned,
                           MetaTensor* x_grad) {
  DenseTensor out;  // the forward's checks and output dims
  MetaTensor out_meta(&out);
  RoiAlignInferMeta(x, rois, rois_num, pooled_height, pooled_width, spatial_scale, sampling_ratio,
                    aligned, &out_meta);
  CheckOutGradLikeForward("roi_align", out.dims(), x.dtype(), out_grad);
  if (x_grad != nullptr && *x_grad) x_grad->share_meta(x);
}

}  // namespace phi
