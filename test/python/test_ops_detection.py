"""NumPy reference, gradient and error tests of the detection ops yolo_box, prior_box,
box_coder, multiclass_nms3 and roi_align (through the executor), and of their
paddle.vision.ops APIs in eager and static mode."""
import numpy as np
import pytest

import paddle
from paddle.base import core
from paddle.vision import ops as vops
from op_test import check_grad, check_output, run_op

rng = np.random.default_rng(23)


def sigmoid(v):
    return 1.0 / (1.0 + np.exp(-v))


# --------------------------------------------------------------------------------- yolo_box

def np_yolo_box(x, img_size, anchors, class_num, conf_thresh=0.01, downsample_ratio=32,
                clip_bbox=True, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    n, _, h, w = x.shape
    an = len(anchors) // 2
    iou = None
    if iou_aware:
        iou, x = x[:, :an], x[:, an:]
    x = x.reshape(n, an, 5 + class_num, h, w)
    aw = np.array(anchors[0::2], dtype=x.dtype)[:, None, None]
    ah = np.array(anchors[1::2], dtype=x.dtype)[:, None, None]
    gx, gy = np.arange(w)[None, None, :], np.arange(h)[None, :, None]
    bias = -0.5 * (scale_x_y - 1.0)
    boxes = np.zeros((n, an, h, w, 4), x.dtype)
    scores = np.zeros((n, an, h, w, class_num), x.dtype)
    for i in range(n):
        img_h, img_w = img_size[i]
        conf = sigmoid(x[i, :, 4])
        if iou_aware:
            conf = conf ** (1 - iou_aware_factor) * sigmoid(iou[i]) ** iou_aware_factor
        cx = (gx + sigmoid(x[i, :, 0]) * scale_x_y + bias) * img_w / w
        cy = (gy + sigmoid(x[i, :, 1]) * scale_x_y + bias) * img_h / h
        bw = np.exp(x[i, :, 2]) * aw * img_w / (downsample_ratio * w)
        bh = np.exp(x[i, :, 3]) * ah * img_h / (downsample_ratio * h)
        b = np.stack([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], -1)
        if clip_bbox:
            b[..., 0] = np.maximum(b[..., 0], 0)
            b[..., 1] = np.maximum(b[..., 1], 0)
            b[..., 2] = np.minimum(b[..., 2], img_w - 1)
            b[..., 3] = np.minimum(b[..., 3], img_h - 1)
        keep = (conf >= conf_thresh)[..., None]
        cls = np.moveaxis(sigmoid(x[i, :, 5:]), 1, -1)
        boxes[i] = np.where(keep, b, 0)
        scores[i] = np.where(keep, conf[..., None] * cls, 0)
    return boxes.reshape(n, -1, 4), scores.reshape(n, -1, class_num)


@pytest.mark.parametrize("iou_aware", [False, True])
@pytest.mark.parametrize("clip_bbox", [True, False])
def test_yolo_box(iou_aware, clip_bbox):
    anchors, class_num, n, h, w = [10, 13, 16, 30, 33, 23], 3, 2, 3, 4
    per = (6 if iou_aware else 5) + class_num
    for dtype in ("float64", "float32"):
        x = rng.normal(0, 1.5, (n, 3 * per, h, w)).astype(dtype)
        img = np.array([[96, 128], [40, 70]], np.int32)
        attrs = {"anchors": anchors, "class_num": class_num, "conf_thresh": 0.4,
                 "downsample_ratio": 8, "clip_bbox": clip_bbox, "scale_x_y": 1.2,
                 "iou_aware": iou_aware, "iou_aware_factor": 0.3}
        want_boxes, want_scores = np_yolo_box(x.astype("float64"), img, anchors, class_num, 0.4,
                                              8, clip_bbox, 1.2, iou_aware, 0.3)
        got = check_output("yolo_box", {"X": x, "ImgSize": img},
                           {"Boxes": want_boxes.astype(dtype), "Scores": want_scores.astype(dtype)},
                           attrs=attrs, rtol=1e-4, atol=1e-4)
        assert (got["Scores"] == 0).any() and (got["Scores"] > 0).any()  # both branches ran


def test_yolo_box_errors():
    x = rng.normal(size=(1, 14, 2, 2))
    img = np.array([[32, 32]], np.int32)
    ok = {"anchors": [1, 2, 3, 4], "class_num": 2}
    with pytest.raises(ValueError, match=r"X dims\[1\] to be anchor_num"):
        run_op("yolo_box", {"X": x, "ImgSize": img}, dict(ok, class_num=3), {"Boxes": None})
    with pytest.raises(ValueError, match="anchors to hold a non-empty list"):
        run_op("yolo_box", {"X": x, "ImgSize": img}, dict(ok, anchors=[1, 2, 3]), {"Boxes": None})
    with pytest.raises(ValueError, match="class_num > 0"):
        run_op("yolo_box", {"X": x, "ImgSize": img}, dict(ok, class_num=0), {"Boxes": None})
    with pytest.raises(ValueError, match="ImgSize to be int32"):
        run_op("yolo_box", {"X": x, "ImgSize": img.astype("int64")}, ok, {"Boxes": None})
    with pytest.raises(ValueError, match=r"ImgSize dims\[0\] to equal X dims\[0\]"):
        run_op("yolo_box", {"X": x, "ImgSize": np.ones((2, 2), np.int32)}, ok, {"Boxes": None})
    with pytest.raises(ValueError, match="iou_aware_factor in"):
        run_op("yolo_box", {"X": rng.normal(size=(1, 16, 2, 2)), "ImgSize": img},
               dict(ok, iou_aware=True, iou_aware_factor=1.5), {"Boxes": None})
    with pytest.raises(ValueError, match="4-D"):
        run_op("yolo_box", {"X": x[0], "ImgSize": img}, ok, {"Boxes": None})
    with pytest.raises(ValueError, match="downsample_ratio > 0"):
        run_op("yolo_box", {"X": x, "ImgSize": img}, dict(ok, downsample_ratio=0), {"Boxes": None})


# -------------------------------------------------------------------------------- prior_box

def np_expand_ratios(aspect_ratios, flip):
    out = [1.0]
    for ar in aspect_ratios:
        if any(abs(ar - o) < 1e-6 for o in out):
            continue
        out.append(ar)
        if flip:
            out.append(1.0 / ar)
    return out


def np_prior_box(feat_hw, img_hw, min_sizes, max_sizes, aspect_ratios, variances, flip, clip,
                 step_w, step_h, offset, mm_order):
    fh, fw = feat_hw
    ih, iw = img_hw
    ratios = np_expand_ratios(aspect_ratios, flip)
    sw, sh = (iw / fw, ih / fh) if step_w == 0 or step_h == 0 else (step_w, step_h)
    boxes = []
    for y in range(fh):
        for x in range(fw):
            cx, cy = (x + offset) * sw, (y + offset) * sh
            cell = []
            for s, mn in enumerate(min_sizes):
                sizes = []
                ar_sizes = [(mn * np.sqrt(ar), mn / np.sqrt(ar)) for ar in ratios
                            if not (mm_order and abs(ar - 1) < 1e-6)]
                mx = [(np.sqrt(mn * max_sizes[s]),) * 2] if max_sizes else []
                sizes = [(mn, mn)] + mx + ar_sizes if mm_order else ar_sizes + mx
                for bw, bh in sizes:
                    cell.append([(cx - bw / 2) / iw, (cy - bh / 2) / ih, (cx + bw / 2) / iw,
                                 (cy + bh / 2) / ih])
            boxes.append(cell)
    out = np.array(boxes).reshape(fh, fw, -1, 4)
    if clip:
        out = np.clip(out, 0, 1)
    return out, np.broadcast_to(np.array(variances), out.shape)


@pytest.mark.parametrize("flip, clip, mm_order, max_sizes, steps", [
    (True, True, False, [], (0.0, 0.0)),
    (False, False, True, [40.0, 70.0], (0.0, 0.0)),
    (True, False, True, [40.0, 70.0], (12.0, 9.0)),
    (False, True, False, [40.0, 70.0], (10.0, 10.0)),
])
def test_prior_box(flip, clip, mm_order, max_sizes, steps):
    min_sizes, ratios, variances = [20.0, 50.0], [2.0, 1.0, 3.0], [0.1, 0.1, 0.2, 0.2]
    attrs = {"min_sizes": min_sizes, "max_sizes": max_sizes, "aspect_ratios": ratios,
             "variances": variances, "flip": flip, "clip": clip, "step_w": steps[0],
             "step_h": steps[1], "offset": 0.4, "min_max_aspect_ratios_order": mm_order}
    for dtype in ("float32", "float64"):
        feat, img = np.zeros((1, 2, 3, 4), dtype), np.zeros((1, 3, 30, 45), dtype)
        boxes, var = np_prior_box((3, 4), (30, 45), min_sizes, max_sizes, ratios, variances, flip,
                                  clip, steps[0], steps[1], 0.4, mm_order)
        check_output("prior_box", {"Input": feat, "Image": img},
                     {"Boxes": boxes.astype(dtype), "Variances": var.astype(dtype)}, attrs=attrs)


def test_prior_box_errors():
    feat, img = np.zeros((1, 2, 3, 4)), np.zeros((1, 3, 30, 45))
    ok = {"min_sizes": [10.0], "aspect_ratios": [2.0], "variances": [0.1, 0.1, 0.2, 0.2]}

    def run(**attrs):
        run_op("prior_box", {"Input": feat, "Image": img}, dict(ok, **attrs), {"Boxes": None})

    with pytest.raises(ValueError, match="variances to hold 4 values"):
        run(variances=[0.1, 0.2])
    with pytest.raises(ValueError, match="min_sizes > 0"):
        run(min_sizes=[0.0])
    with pytest.raises(ValueError, match="max_sizes to hold as many values as min_sizes"):
        run(max_sizes=[20.0, 30.0])
    with pytest.raises(ValueError, match=r"max_sizes\[0\] > min_sizes\[0\]"):
        run(max_sizes=[5.0])
    with pytest.raises(ValueError, match="step_w and step_h >= 0"):
        run(step_w=-1.0)
    with pytest.raises(ValueError, match="Input to be 4-D"):
        run_op("prior_box", {"Input": feat[0], "Image": img}, ok, {"Boxes": None})


# -------------------------------------------------------------------------------- box_coder

def np_center_size(b, normalized):
    extra = 0.0 if normalized else 1.0
    w = b[..., 2] - b[..., 0] + extra
    h = b[..., 3] - b[..., 1] + extra
    return b[..., 0] + w / 2, b[..., 1] + h / 2, w, h


def np_box_encode(prior, target, var, normalized):
    pcx, pcy, pw, ph = np_center_size(prior[None], normalized)  # [1, M]
    extra = 0.0 if normalized else 1.0
    t = target[:, None]
    tcx, tcy = (t[..., 0] + t[..., 2]) / 2, (t[..., 1] + t[..., 3]) / 2
    tw, th = t[..., 2] - t[..., 0] + extra, t[..., 3] - t[..., 1] + extra
    out = np.stack([(tcx - pcx) / pw, (tcy - pcy) / ph, np.log(np.abs(tw / pw)),
                    np.log(np.abs(th / ph))], -1)
    return out / var[None] if var is not None else out


def np_box_decode(prior, target, var, normalized, axis):
    pcx, pcy, pw, ph = np_center_size(prior, normalized)
    expand = (lambda a: a[None, :]) if axis == 0 else (lambda a: a[:, None])
    pcx, pcy, pw, ph = map(expand, (pcx, pcy, pw, ph))
    v = np.ones(4) if var is None else var
    v = v if v.ndim == 1 else expand(v)
    vx, vy, vw, vh = (v[..., k] for k in range(4))
    cx = vx * target[..., 0] * pw + pcx
    cy = vy * target[..., 1] * ph + pcy
    w = np.exp(vw * target[..., 2]) * pw
    h = np.exp(vh * target[..., 3]) * ph
    extra = 0.0 if normalized else 1.0
    return np.stack([cx - w / 2, cy - h / 2, cx + w / 2 - extra, cy + h / 2 - extra], -1)


def rand_boxes(n, scale=10.0, dtype="float64"):
    xy = rng.uniform(0, scale, (n, 2))
    wh = rng.uniform(0.5, scale / 2, (n, 2))
    return np.concatenate([xy, xy + wh], 1).astype(dtype)


@pytest.mark.parametrize("normalized", [True, False])
@pytest.mark.parametrize("var_kind", ["none", "tensor", "attr"])
def test_box_coder_encode(normalized, var_kind):
    for dtype in ("float32", "float64"):
        prior, target = rand_boxes(5, dtype=dtype), rand_boxes(3, dtype=dtype)
        var = rng.uniform(0.1, 0.3, (5, 4)).astype(dtype)
        inputs = {"PriorBox": prior, "TargetBox": target}
        attrs = {"code_type": "encode_center_size", "box_normalized": normalized}
        ref_var = None
        if var_kind == "tensor":
            inputs["PriorBoxVar"], ref_var = var, var.astype("float64")
        elif var_kind == "attr":
            attrs["variance"], ref_var = [0.1, 0.2, 0.3, 0.4], np.array([0.1, 0.2, 0.3, 0.4])
        want = np_box_encode(prior.astype("float64"), target.astype("float64"), ref_var,
                             normalized)
        check_output("box_coder", inputs, {"OutputBox": want.astype(dtype)}, attrs=attrs,
                     rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("normalized", [True, False])
@pytest.mark.parametrize("var_kind", ["none", "tensor", "attr"])
def test_box_coder_decode(axis, normalized, var_kind):
    n, m = 3, 4
    for dtype in ("float32", "float64"):
        prior = rand_boxes(m if axis == 0 else n, dtype=dtype)
        target = rng.normal(0, 0.5, (n, m, 4)).astype(dtype)
        var = rng.uniform(0.1, 0.3, prior.shape).astype(dtype)
        inputs = {"PriorBox": prior, "TargetBox": target}
        attrs = {"code_type": "decode_center_size", "box_normalized": normalized, "axis": axis}
        ref_var = None
        if var_kind == "tensor":
            inputs["PriorBoxVar"], ref_var = var, var.astype("float64")
        elif var_kind == "attr":
            attrs["variance"], ref_var = [0.1, 0.2, 0.3, 0.4], np.array([0.1, 0.2, 0.3, 0.4])
        want = np_box_decode(prior.astype("float64"), target.astype("float64"), ref_var,
                             normalized, axis)
        check_output("box_coder", inputs, {"OutputBox": want.astype(dtype)}, attrs=attrs,
                     rtol=1e-5, atol=1e-5)


def test_box_coder_errors():
    prior, target = rand_boxes(4), rand_boxes(3)
    enc = {"code_type": "encode_center_size"}
    with pytest.raises(ValueError, match="code_type"):
        run_op("box_coder", {"PriorBox": prior, "TargetBox": target}, {"code_type": "corner"},
               {"OutputBox": None})
    with pytest.raises(ValueError, match=r"PriorBox to be \[M, 4\]"):
        run_op("box_coder", {"PriorBox": prior[:, :3], "TargetBox": target}, enc,
               {"OutputBox": None})
    with pytest.raises(ValueError, match="variance attribute to be empty when PriorBoxVar"):
        run_op("box_coder", {"PriorBox": prior, "PriorBoxVar": prior, "TargetBox": target},
               dict(enc, variance=[1.0] * 4), {"OutputBox": None})
    with pytest.raises(ValueError, match="variance to be empty or hold 4 values"):
        run_op("box_coder", {"PriorBox": prior, "TargetBox": target}, dict(enc, variance=[1.0]),
               {"OutputBox": None})
    with pytest.raises(ValueError, match="PriorBoxVar to have PriorBox's shape"):
        run_op("box_coder", {"PriorBox": prior, "PriorBoxVar": prior[:2], "TargetBox": target},
               enc, {"OutputBox": None})
    dec = {"code_type": "decode_center_size"}
    with pytest.raises(ValueError, match=r"TargetBox to be \[N, M, 4\]"):
        run_op("box_coder", {"PriorBox": prior, "TargetBox": target}, dec, {"OutputBox": None})
    with pytest.raises(ValueError, match="axis 0 or 1"):
        run_op("box_coder", {"PriorBox": prior, "TargetBox": np.zeros((3, 4, 4))},
               dict(dec, axis=2), {"OutputBox": None})
    with pytest.raises(ValueError, match=r"TargetBox dims\[1\] to equal PriorBox dims\[0\]"):
        run_op("box_coder", {"PriorBox": prior, "TargetBox": np.zeros((3, 5, 4))}, dec,
               {"OutputBox": None})


# -------------------------------------------------------------------------- multiclass_nms3

def np_iou(a, b, normalized):
    if b[0] > a[2] or b[2] < a[0] or b[1] > a[3] or b[3] < a[1]:
        return 0.0
    extra = 0.0 if normalized else 1.0

    def area(r):
        if r[2] < r[0] or r[3] < r[1]:
            return 0.0
        return (r[2] - r[0] + extra) * (r[3] - r[1] + extra)

    inter_w = min(a[2], b[2]) - max(a[0], b[0]) + extra
    inter = inter_w * (min(a[3], b[3]) - max(a[1], b[1]) + extra)
    return inter / (area(a) + area(b) - inter)


def np_nms_image(score_of, box_of, num_boxes, num_classes, score_threshold, nms_top_k,
                 keep_top_k, nms_threshold, normalized, eta, background, sort_by_index):
    """Kept (label, box index) pairs, by ascending label."""
    kept = {}
    for c in range(num_classes):
        if c == background:
            continue
        cand = [m for m in range(num_boxes) if score_of(c, m) > score_threshold]
        cand.sort(key=lambda m: -np.float32(score_of(c, m)))  # stable: ties keep index order
        if nms_top_k > -1:
            cand = cand[:nms_top_k]
        sel, thr = [], nms_threshold
        for m in cand:
            if all(np_iou(box_of(c, m), box_of(c, k), normalized) <= thr for k in sel):
                sel.append(m)
                if eta < 1 and thr > 0.5:
                    thr *= eta
        kept[c] = sorted(sel) if sort_by_index else sel
    total = sum(len(v) for v in kept.values())
    if keep_top_k > -1 and total > keep_top_k:
        pairs = [(c, m) for c in sorted(kept) for m in kept[c]]
        pairs.sort(key=lambda p: -np.float32(score_of(*p)))
        top = {}
        for c, m in pairs[:keep_top_k]:
            top.setdefault(c, []).append(m)
        kept = {c: sorted(v) if sort_by_index else v for c, v in top.items()}
    return [(c, m) for c in sorted(kept) for m in kept[c]]


def np_multiclass_nms(bboxes, scores, rois_num=None, score_threshold=0.0, nms_top_k=-1,
                      keep_top_k=-1, nms_threshold=0.3, normalized=True, nms_eta=1.0,
                      background_label=0):
    rows, index, counts = [], [], []
    args = (score_threshold, nms_top_k, keep_top_k, nms_threshold, normalized, nms_eta,
            background_label)
    if scores.ndim == 3:
        n, c, m = scores.shape
        for b in range(n):
            pairs = np_nms_image(lambda k, j: scores[b, k, j], lambda k, j: bboxes[b, j], m, c,
                                 *args, sort_by_index=False)
            for k, j in pairs:
                rows.append([k, scores[b, k, j], *bboxes[b, j]])
                index.append(b * m + j)
            counts.append(len(pairs))
    else:
        c = scores.shape[1]
        start = 0
        for n in (rois_num if rois_num is not None else [scores.shape[0]]):
            s, bx = scores[start:start + n], bboxes[start:start + n]
            pairs = np_nms_image(lambda k, j: s[j, k], lambda k, j: bx[j, k], n, c, *args,
                                 sort_by_index=True)
            for k, j in pairs:
                rows.append([k, s[j, k], *bx[j, k]])
                index.append((start + j) * c + k)
            counts.append(len(pairs))
            start += n
    out = np.array(rows, scores.dtype).reshape(-1, 6)
    return out, np.array(index, np.int32).reshape(-1, 1), np.array(counts, np.int32)


def nms_case(n=2, m=12, c=3, dtype="float64", scale=1.0):
    centers = rng.uniform(0, scale, (n, m, 2))
    sizes = rng.uniform(0.1 * scale, 0.4 * scale, (n, m, 2))
    boxes = np.concatenate([centers - sizes / 2, centers + sizes / 2], -1).astype(dtype)
    scores = rng.uniform(0, 1, (n, c, m)).astype(dtype)
    scores[0, 1, 3] = scores[0, 1, 5]  # a tie: the lower box index goes first
    return boxes, scores


NMS_ATTRS = [
    dict(score_threshold=0.2, nms_top_k=-1, keep_top_k=-1, nms_threshold=0.3, normalized=True,
         nms_eta=1.0, background_label=0),
    dict(score_threshold=0.1, nms_top_k=5, keep_top_k=6, nms_threshold=0.5, normalized=True,
         nms_eta=1.0, background_label=-1),
    dict(score_threshold=0.05, nms_top_k=-1, keep_top_k=4, nms_threshold=0.9, normalized=False,
         nms_eta=0.7, background_label=2),
]


@pytest.mark.parametrize("attrs", NMS_ATTRS)
def test_multiclass_nms3_batched(attrs):
    for dtype in ("float64", "float32"):
        boxes, scores = nms_case(dtype=dtype, scale=1.0 if attrs["normalized"] else 20.0)
        out, index, counts = np_multiclass_nms(boxes, scores, **attrs)
        assert len(out) > 0
        check_output("multiclass_nms3", {"BBoxes": boxes, "Scores": scores},
                     {"Out": out, "Index": index, "NmsRoisNum": counts}, attrs=attrs)


@pytest.mark.parametrize("attrs", NMS_ATTRS)
def test_multiclass_nms3_per_class_boxes_with_rois_num(attrs):
    m, c = 9, 3
    rois_num = np.array([4, 0, 5], np.int32)
    boxes = rand_boxes(m * c, scale=1.0 if attrs["normalized"] else 20.0).reshape(m, c, 4)
    scores = rng.uniform(0, 1, (m, c))
    out, index, counts = np_multiclass_nms(boxes, scores, rois_num, **attrs)
    for rn in (rois_num, rois_num.astype("int64")):
        check_output("multiclass_nms3", {"BBoxes": boxes, "Scores": scores, "RoisNum": rn},
                     {"Out": out, "Index": index, "NmsRoisNum": counts}, attrs=attrs)
    one_out, _, one_counts = np_multiclass_nms(boxes, scores, None, **attrs)
    check_output("multiclass_nms3", {"BBoxes": boxes, "Scores": scores},
                 {"Out": one_out, "NmsRoisNum": one_counts}, attrs=attrs)


def test_multiclass_nms3_nothing_kept_gives_zero_rows():
    boxes, scores = nms_case()
    attrs = dict(NMS_ATTRS[0], score_threshold=2.0)
    got = check_output("multiclass_nms3", {"BBoxes": boxes, "Scores": scores},
                       {"Out": np.zeros((0, 6)), "Index": np.zeros((0, 1), np.int32),
                        "NmsRoisNum": np.zeros(2, np.int32)}, attrs=attrs)
    assert got["Index"].dtype == np.int32


def test_multiclass_nms3_errors():
    boxes, scores = nms_case()
    ok = NMS_ATTRS[0]

    def run(inputs, **attrs):
        run_op("multiclass_nms3", inputs, dict(ok, **attrs), {"Out": None})

    with pytest.raises(ValueError, match=r"BBoxes \[N, M, 4\] to match Scores \[N, C, M\]"):
        run({"BBoxes": boxes[:, :5], "Scores": scores})
    with pytest.raises(ValueError, match="Scores to be 3-D"):
        run({"BBoxes": boxes, "Scores": scores[0, 0]})
    with pytest.raises(NotImplementedError, match="polygon boxes are not supported"):
        run({"BBoxes": np.zeros((2, 12, 8)), "Scores": scores})
    with pytest.raises(ValueError, match="keep_top_k >= -1"):
        run({"BBoxes": boxes, "Scores": scores}, keep_top_k=-3)
    with pytest.raises(ValueError, match="nms_eta > 0"):
        run({"BBoxes": boxes, "Scores": scores}, nms_eta=0.0)
    per_class = {"BBoxes": np.zeros((5, 3, 4)), "Scores": np.zeros((5, 3))}
    with pytest.raises(ValueError, match="RoisNum to sum to the number of boxes"):
        run(dict(per_class, RoisNum=np.array([2, 2], np.int32)))
    with pytest.raises(ValueError, match="RoisNum to be int32 or int64"):
        run(dict(per_class, RoisNum=np.array([5.0])))


# -------------------------------------------------------------------------------- roi_align

def np_bilinear(plane, y, x):
    h, w = plane.shape
    if y < -1.0 or y > h or x < -1.0 or x > w:
        return 0.0
    y, x = max(y, 0.0), max(x, 0.0)
    y0, x0 = int(y), int(x)
    if y0 >= h - 1:
        y0 = y1 = h - 1
        y = float(y0)
    else:
        y1 = y0 + 1
    if x0 >= w - 1:
        x0 = x1 = w - 1
        x = float(x0)
    else:
        x1 = x0 + 1
    ly, lx = y - y0, x - x0
    hy, hx = 1 - ly, 1 - lx
    return (hy * hx * plane[y0, x0] + hy * lx * plane[y0, x1] + ly * hx * plane[y1, x0]
            + ly * lx * plane[y1, x1])


def np_roi_align(x, rois, rois_num, ph, pw, scale, ratio, aligned):
    image = np.repeat(np.arange(len(rois_num)), rois_num)
    out = np.zeros((len(rois), x.shape[1], ph, pw))
    off = 0.5 if aligned else 0.0
    for r, roi in enumerate(rois):
        x0, y0, x1, y1 = roi * scale - off
        rw, rh = x1 - x0, y1 - y0
        if not aligned:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        gh = ratio if ratio > 0 else int(np.ceil(rh / ph))
        gw = ratio if ratio > 0 else int(np.ceil(rw / pw))
        for c in range(x.shape[1]):
            plane = x[image[r], c]
            for i in range(ph):
                for j in range(pw):
                    total = 0.0
                    for iy in range(gh):
                        yy = y0 + rh / ph * (i + (iy + 0.5) / gh)
                        for ix in range(gw):
                            xx = x0 + rw / pw * (j + (ix + 0.5) / gw)
                            total += np_bilinear(plane, yy, xx)
                    out[r, c, i, j] = total / max(gh * gw, 1)
    return out


ROI_CASES = [  # pooled (h, w), spatial_scale, sampling_ratio, aligned
    ((2, 3), 1.0, 2, False),
    ((2, 2), 0.5, -1, True),
    ((3, 2), 0.25, -1, False),
]


def roi_case(dtype="float64"):
    x = rng.normal(size=(2, 3, 6, 7)).astype(dtype)
    rois = np.array([[0.5, 1.0, 5.0, 4.5], [-3.0, 2.0, 4.0, 9.5], [2.0, 2.0, 2.2, 2.1],
                     [1.0, 0.0, 14.0, 12.0], [6.5, 5.5, 8.0, 7.0]], dtype)
    return x, rois, np.array([2, 3], np.int32)


@pytest.mark.parametrize("pooled, scale, ratio, aligned", ROI_CASES)
def test_roi_align(pooled, scale, ratio, aligned):
    attrs = {"pooled_height": pooled[0], "pooled_width": pooled[1], "spatial_scale": scale,
             "sampling_ratio": ratio, "aligned": aligned}
    for dtype in ("float64", "float32"):
        x, rois, rois_num = roi_case(dtype)
        want = np_roi_align(x.astype("float64"), rois.astype("float64"), rois_num, *pooled,
                            scale, ratio, aligned).astype(dtype)
        for rn in (rois_num, rois_num.astype("int64")):
            check_output("roi_align", {"X": x, "ROIs": rois, "RoisNum": rn}, {"Out": want},
                         attrs=attrs, rtol=1e-5, atol=1e-5)
    x, rois, rois_num = roi_case()
    check_grad("roi_align", {"X": x, "ROIs": rois, "RoisNum": rois_num}, attrs=attrs)


def test_roi_align_single_image_without_rois_num():
    x, rois, _ = roi_case()
    want = np_roi_align(x[:1], rois, [len(rois)], 2, 2, 1.0, -1, True)
    check_output("roi_align", {"X": x[:1], "ROIs": rois}, {"Out": want},
                 attrs={"pooled_height": 2, "pooled_width": 2, "aligned": True})


def test_roi_align_errors():
    x, rois, rois_num = roi_case()
    ok = {"pooled_height": 2, "pooled_width": 2}

    def run(inputs, **attrs):
        run_op("roi_align", inputs, dict(ok, **attrs), {"Out": None})

    with pytest.raises(ValueError, match="RoisNum input when X holds more than one image"):
        run({"X": x, "ROIs": rois})
    with pytest.raises(ValueError, match="RoisNum to sum to the number of ROIs"):
        run({"X": x, "ROIs": rois, "RoisNum": np.array([1, 1], np.int32)})
    with pytest.raises(ValueError, match="RoisNum to hold one count per image"):
        run({"X": x, "ROIs": rois, "RoisNum": np.array([5], np.int32)})
    with pytest.raises(ValueError, match="pooled_height and pooled_width > 0"):
        run({"X": x, "ROIs": rois, "RoisNum": rois_num}, pooled_width=0)
    with pytest.raises(ValueError, match="spatial_scale finite and > 0"):
        run({"X": x, "ROIs": rois, "RoisNum": rois_num}, spatial_scale=0.0)
    with pytest.raises(ValueError, match=r"ROIs to be \[R, 4\]"):
        run({"X": x, "ROIs": rois[:, :3], "RoisNum": rois_num})
    with pytest.raises(ValueError, match="X to be 4-D"):
        run({"X": x[0], "ROIs": rois, "RoisNum": rois_num})


# ------------------------------------------------------------------ paddle.vision.ops APIs

def test_vision_ops_eager():
    x = rng.normal(size=(1, 14, 3, 3)).astype("float32")
    img = np.array([[64, 48]], np.int32)
    boxes, scores = vops.yolo_box(paddle.to_tensor(x), paddle.to_tensor(img), [10, 13, 16, 30],
                                  2, 0.3, 16, scale_x_y=1.1)
    want_b, want_s = np_yolo_box(x.astype("float64"), img, [10, 13, 16, 30], 2, 0.3, 16, True, 1.1)
    np.testing.assert_allclose(boxes.numpy(), want_b, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(scores.numpy(), want_s, rtol=1e-4, atol=1e-5)
    assert boxes.stop_gradient

    feat, image = paddle.zeros([1, 2, 3, 4]), paddle.zeros([1, 3, 30, 45])
    pb, pv = vops.prior_box(feat, image, [20.0], [40.0], [2.0], flip=True, clip=True)
    want_pb, want_pv = np_prior_box((3, 4), (30, 45), [20.0], [40.0], [2.0],
                                    [0.1, 0.1, 0.2, 0.2], True, True, 0.0, 0.0, 0.5, False)
    np.testing.assert_allclose(pb.numpy(), want_pb, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(pv.numpy(), want_pv, rtol=1e-6)

    prior, target = rand_boxes(4, dtype="float32"), rand_boxes(3, dtype="float32")
    enc = vops.box_coder(paddle.to_tensor(prior), [0.1, 0.1, 0.2, 0.2], paddle.to_tensor(target))
    np.testing.assert_allclose(enc.numpy(), np_box_encode(prior, target,
                                                          np.array([0.1, 0.1, 0.2, 0.2]), True),
                               rtol=1e-5, atol=1e-5)
    var = rng.uniform(0.1, 0.3, (4, 4)).astype("float32")
    dec = vops.box_coder(paddle.to_tensor(prior), paddle.to_tensor(var), enc,
                         code_type="decode_center_size", box_normalized=False)
    np.testing.assert_allclose(dec.numpy(), np_box_decode(prior, enc.numpy(), var, False, 0),
                               rtol=1e-5, atol=1e-5)

    nb, ns = nms_case(dtype="float32")
    out, nms_num, index = vops.multiclass_nms(paddle.to_tensor(nb), paddle.to_tensor(ns), 0.2,
                                              -1, 5, return_index=True)
    want_out, want_index, want_num = np_multiclass_nms(nb, ns, None, 0.2, -1, 5, 0.3, True, 1.0,
                                                       -1)
    np.testing.assert_allclose(out.numpy(), want_out, rtol=1e-6)
    np.testing.assert_array_equal(index.numpy(), want_index)
    np.testing.assert_array_equal(nms_num.numpy(), want_num)
    out2, none_num, none_index = vops.multiclass_nms(paddle.to_tensor(nb), paddle.to_tensor(ns),
                                                     0.2, -1, 5, return_rois_num=False)
    assert none_num is None and none_index is None
    np.testing.assert_allclose(out2.numpy(), want_out, rtol=1e-6)

    xr, rois, rois_num = roi_case()
    xt = paddle.to_tensor(xr, stop_gradient=False)
    out = vops.roi_align(xt, paddle.to_tensor(rois), paddle.to_tensor(rois_num), (2, 3),
                         spatial_scale=0.5)
    np.testing.assert_allclose(out.numpy(), np_roi_align(xr, rois, rois_num, 2, 3, 0.5, -1, True),
                               rtol=1e-6, atol=1e-8)
    out.sum().backward()
    # roi_align is linear in X, so sum(out) = <d sum(out) / dX, X>.
    np.testing.assert_allclose((xt.grad.numpy() * xr).sum(), out.numpy().sum(), rtol=1e-10)
    layer = vops.RoIAlign(2, spatial_scale=0.5)
    pooled = layer(xt, paddle.to_tensor(rois), paddle.to_tensor(rois_num))
    want = np_roi_align(xr, rois, rois_num, 2, 2, 0.5, -1, True)
    np.testing.assert_allclose(pooled.numpy(), want, rtol=1e-6, atol=1e-8)


def test_vision_ops_static():
    xr, rois, rois_num = roi_case("float32")
    nb, ns = nms_case(dtype="float32")
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3, 6, 7], "float32")
            r = paddle.static.data("rois", [None, 4], "float32")
            rn = paddle.static.data("rois_num", [None], "int32")
            b = paddle.static.data("bboxes", [None, 12, 4], "float32")
            s = paddle.static.data("scores", [None, 3, 12], "float32")
            aligned = vops.roi_align(x, r, rn, 2, spatial_scale=0.5, aligned=False)
            out, nms_num, index = vops.multiclass_nms(b, s, 0.2, -1, -1, return_index=True,
                                                      background_label=0)
            pb, _ = vops.prior_box(x, x, [2.0], aspect_ratios=[2.0])
            dec = vops.box_coder(r, None, paddle.reshape(r, [1, -1, 4]),
                                 code_type="decode_center_size")
            types = [op.type for op in main.global_block().ops]
            assert {"roi_align", "multiclass_nms3", "prior_box", "box_coder"} <= set(types)
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            got = exe.run(main, feed={"x": xr, "rois": rois, "rois_num": rois_num, "bboxes": nb,
                                      "scores": ns},
                          fetch_list=[aligned, out, nms_num, index, pb, dec])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got[0], np_roi_align(xr, rois, rois_num, 2, 2, 0.5, -1, False),
                               rtol=1e-5, atol=1e-5)
    want_out, want_index, want_num = np_multiclass_nms(nb, ns, None, 0.2, -1, -1, 0.3, True, 1.0,
                                                       0)
    np.testing.assert_allclose(got[1], want_out, rtol=1e-6)
    np.testing.assert_array_equal(got[2], want_num)
    np.testing.assert_array_equal(got[3], want_index)
    assert got[4].shape == (6, 7, 2, 4)
    assert got[5].shape == (1, 5, 4)
    assert paddle.in_dynamic_mode()


def test_vision_ops_argument_errors():
    t = paddle.zeros([2, 4])
    with pytest.raises(ValueError, match="code_type"):
        vops.box_coder(t, None, t, code_type="corner")
    with pytest.raises(ValueError, match="output_size to be an int or 2 ints"):
        vops.roi_align(paddle.zeros([1, 1, 4, 4]), paddle.zeros([1, 4]), None, (1, 2, 3))
    with pytest.raises(TypeError, match="anchors to be a list or tuple"):
        vops.yolo_box(paddle.zeros([1, 7, 2, 2]), paddle.ones([1, 2], "int32"), 10, 2, 0.1, 32)
    with pytest.raises(ValueError, match="steps to be a list or tuple of 2"):
        vops.prior_box(paddle.zeros([1, 1, 2, 2]), paddle.zeros([1, 1, 8, 8]), [2.0], steps=[1.0])
    with pytest.raises(ValueError, match="variances to hold 4 values"):
        vops.prior_box(paddle.zeros([1, 1, 2, 2]), paddle.zeros([1, 1, 8, 8]), [2.0],
                       variance=[0.1])
