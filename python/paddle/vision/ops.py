"""paddle.vision.ops: detection ops (yolo_box, prior_box, box_coder, multiclass_nms, roi_align).
Each appends its op, so it runs eagerly in dynamic mode and builds the program in static mode."""
from paddle.base import layer_helper as lh
from paddle.base.framework import Variable
from paddle.nn.layer.layers import Layer

__all__ = ["yolo_box", "prior_box", "box_coder", "multiclass_nms", "roi_align", "RoIAlign"]


def _is_tensor(value):
    from paddle.base.eager import Tensor
    return isinstance(value, (Variable, Tensor))


def _floats(value, what):
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"expected {what} to be a list or tuple of numbers, but got "
                        f"{type(value).__name__}")
    return [float(v) for v in value]


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True,
             name=None, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    """Decodes a YOLOv3 head into boxes [N, M, 4] and scores [N, M, class_num]."""
    if not isinstance(anchors, (list, tuple)):
        raise TypeError(f"expected yolo_box anchors to be a list or tuple, but got "
                        f"{type(anchors).__name__}")
    if not isinstance(class_num, int):
        raise TypeError(f"expected yolo_box class_num to be an int, but got "
                        f"{type(class_num).__name__}")
    attrs = {"anchors": [int(a) for a in anchors], "class_num": class_num,
             "conf_thresh": float(conf_thresh), "downsample_ratio": int(downsample_ratio),
             "clip_bbox": bool(clip_bbox), "scale_x_y": float(scale_x_y),
             "iou_aware": bool(iou_aware), "iou_aware_factor": float(iou_aware_factor)}
    boxes, scores = lh.append_op("yolo_box", {"X": [x], "ImgSize": [img_size]}, attrs,
                                 outputs=("Boxes", "Scores"), stop_gradient=True)
    return boxes, scores


def prior_box(input, image, min_sizes, max_sizes=None, aspect_ratios=[1.0],  # noqa: A002,B006
              variance=[0.1, 0.1, 0.2, 0.2], flip=False, clip=False, steps=[0.0, 0.0],  # noqa: B006
              offset=0.5, min_max_aspect_ratios_order=False, name=None):
    """SSD prior boxes [H, W, num_priors, 4] of a feature map and their variances."""
    if not isinstance(min_sizes, (list, tuple)):
        min_sizes = [min_sizes]
    if not isinstance(aspect_ratios, (list, tuple)):
        aspect_ratios = [aspect_ratios]
    if max_sizes is not None and not isinstance(max_sizes, (list, tuple)):
        max_sizes = [max_sizes]
    if not isinstance(steps, (list, tuple)) or len(steps) != 2:
        raise ValueError(f"expected prior_box steps to be a list or tuple of 2 values, but got "
                         f"{steps!r}")
    attrs = {"min_sizes": _floats(min_sizes, "prior_box min_sizes"),
             "max_sizes": _floats(max_sizes or [], "prior_box max_sizes"),
             "aspect_ratios": _floats(aspect_ratios, "prior_box aspect_ratios"),
             "variances": _floats(variance, "prior_box variance"),
             "flip": bool(flip), "clip": bool(clip), "step_w": float(steps[0]),
             "step_h": float(steps[1]), "offset": float(offset),
             "min_max_aspect_ratios_order": bool(min_max_aspect_ratios_order)}
    box, var = lh.append_op("prior_box", {"Input": [input], "Image": [image]}, attrs,
                            outputs=("Boxes", "Variances"), stop_gradient=True)
    return box, var


def box_coder(prior_box, prior_box_var, target_box, code_type="encode_center_size",
              box_normalized=True, axis=0, name=None):
    """Encodes target boxes against prior boxes, or decodes offsets into boxes. prior_box_var
    is a Tensor [M, 4], a list of 4 variances, or None."""
    if code_type not in ("encode_center_size", "decode_center_size"):
        raise ValueError(f"expected box_coder code_type 'encode_center_size' or "
                         f"'decode_center_size', but got {code_type!r}")
    inputs = {"PriorBox": [prior_box], "TargetBox": [target_box]}
    attrs = {"code_type": code_type, "box_normalized": bool(box_normalized), "axis": int(axis)}
    if _is_tensor(prior_box_var):
        inputs["PriorBoxVar"] = [prior_box_var]
    elif isinstance(prior_box_var, (list, tuple)):
        attrs["variance"] = _floats(prior_box_var, "box_coder prior_box_var")
    elif prior_box_var is not None:
        raise TypeError(f"expected box_coder prior_box_var to be a Tensor, a list or None, but "
                        f"got {type(prior_box_var).__name__}")
    return lh.append_op("box_coder", inputs, attrs, outputs=("OutputBox",), stop_gradient=True)


def multiclass_nms(bboxes, scores, score_threshold, nms_top_k, keep_top_k, nms_threshold=0.3,
                   normalized=True, nms_eta=1.0, background_label=-1, return_index=False,
                   return_rois_num=True, rois_num=None, name=None):
    """Per-class NMS (op multiclass_nms3). Returns (out, nms_rois_num, index): out rows are
    [label, score, xmin, ymin, xmax, ymax]; nms_rois_num (kept rows per image) is None unless
    return_rois_num, index (int32 [No, 1]) None unless return_index."""
    inputs = {"BBoxes": [bboxes], "Scores": [scores]}
    if rois_num is not None:
        inputs["RoisNum"] = [rois_num]
    attrs = {"score_threshold": float(score_threshold), "nms_top_k": int(nms_top_k),
             "keep_top_k": int(keep_top_k), "nms_threshold": float(nms_threshold),
             "normalized": bool(normalized), "nms_eta": float(nms_eta),
             "background_label": int(background_label)}
    slots = ("Out", "Index", "NmsRoisNum") if return_rois_num else ("Out", "Index")
    results = lh.append_op("multiclass_nms3", inputs, attrs, outputs=slots, stop_gradient=True,
                           out_dtypes={"Index": "int32", "NmsRoisNum": "int32"})
    output, index = results[0], results[1]
    nms_rois_num = results[2] if return_rois_num else None
    return output, nms_rois_num, index if return_index else None


def _pair(output_size):
    if isinstance(output_size, int):
        return output_size, output_size
    if isinstance(output_size, (list, tuple)) and len(output_size) == 2:
        return int(output_size[0]), int(output_size[1])
    raise ValueError(f"expected roi_align output_size to be an int or 2 ints, but got "
                     f"{output_size!r}")


def roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0, sampling_ratio=-1,
              aligned=True, name=None):
    """RoIAlign: [R, C, output_h, output_w] bilinear averages over each box; boxes_num (one
    count per image) may be None when x holds one image."""
    pooled_height, pooled_width = _pair(output_size)
    inputs = {"X": [x], "ROIs": [boxes]}
    if boxes_num is not None:
        inputs["RoisNum"] = [boxes_num]
    attrs = {"pooled_height": pooled_height, "pooled_width": pooled_width,
             "spatial_scale": float(spatial_scale), "sampling_ratio": int(sampling_ratio),
             "aligned": bool(aligned)}
    return lh.append_op("roi_align", inputs, attrs)


class RoIAlign(Layer):
    """Layer form of roi_align: RoIAlign(output_size, spatial_scale)(x, boxes, boxes_num)."""

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = _pair(output_size)
        self._spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num, aligned=True):
        return roi_align(x, boxes, boxes_num, self._output_size, self._spatial_scale,
                         aligned=aligned)
