"""paddle.vision.transforms (NumPy image transforms) and the paddle.metric classes, against
NumPy / stdlib references and exact small cases."""
import colorsys
import math
import random

import numpy as np
import pytest

import paddle
import paddle.vision.transforms as T
import paddle.vision.transforms.functional as F


def _img(h=6, w=8, c=3, seed=0, dtype=np.uint8):
    rng = np.random.default_rng(seed)
    if dtype == np.uint8:
        return rng.integers(0, 256, size=(h, w, c)).astype(np.uint8)
    return rng.random((h, w, c)).astype(dtype)


def _bilinear_ref(img, oh, ow):
    """Half-pixel-centre bilinear, one output pixel at a time."""
    h, w = img.shape[:2]
    out = np.zeros((oh, ow) + img.shape[2:])
    for i in range(oh):
        sy = min(max((i + 0.5) * h / oh - 0.5, 0.0), h - 1)
        y0 = int(math.floor(sy))
        y1, fy = min(y0 + 1, h - 1), sy - y0
        for j in range(ow):
            sx = min(max((j + 0.5) * w / ow - 0.5, 0.0), w - 1)
            x0 = int(math.floor(sx))
            x1, fx = min(x0 + 1, w - 1), sx - x0
            top = img[y0, x0] * (1 - fx) + img[y0, x1] * fx
            bottom = img[y1, x0] * (1 - fx) + img[y1, x1] * fx
            out[i, j] = top * (1 - fy) + bottom * fy
    return out


# ---------------------------------------------------------------- functional: geometry


def test_resize_bilinear_matches_reference():
    img = _img(5, 7, dtype=np.float64)
    for oh, ow in [(4, 9), (10, 3), (5, 7)]:
        np.testing.assert_allclose(F.resize(img, (oh, ow)), _bilinear_ref(img, oh, ow), rtol=1e-12)
    u8 = _img(5, 7)
    ref = np.clip(np.round(_bilinear_ref(u8.astype(np.float64), 8, 3)), 0, 255).astype(np.uint8)
    out = F.resize(u8, (8, 3))
    assert out.dtype == np.uint8
    np.testing.assert_array_equal(out, ref)


def test_resize_exact_cases():
    img = _img(4, 6)
    np.testing.assert_array_equal(F.resize(img, (4, 6)), img)
    np.testing.assert_array_equal(F.resize(img, (8, 12), interpolation="nearest"),
                                  img.repeat(2, axis=0).repeat(2, axis=1))
    # nearest samples floor((dst + 0.5) * 2): the odd rows and columns
    np.testing.assert_array_equal(F.resize(img, (2, 3), interpolation="nearest"), img[1::2, 1::2])
    # int size sets the shorter side and keeps the aspect ratio
    assert F.resize(_img(10, 20), 5).shape == (5, 10, 3)
    assert F.resize(_img(21, 10), 5).shape == (10, 5, 3)
    assert F.resize(img, 4) is img
    gray = F.resize(_img(4, 6)[..., 0], (2, 3), interpolation="nearest")
    assert gray.shape == (2, 3)
    # a 1-D ramp keeps its values exactly under a 2x bilinear downscale (pairs average)
    ramp = np.arange(8, dtype=np.float64).reshape(1, 8, 1)
    np.testing.assert_allclose(F.resize(ramp, (1, 4))[0, :, 0], [0.5, 2.5, 4.5, 6.5])


def test_flip_crop_center_crop():
    img = _img(5, 6)
    np.testing.assert_array_equal(F.hflip(img), img[:, ::-1])
    np.testing.assert_array_equal(F.vflip(img), img[::-1])
    np.testing.assert_array_equal(F.crop(img, 1, 2, 3, 2), img[1:4, 2:4])
    np.testing.assert_array_equal(F.center_crop(img, 3), img[1:4, 2:5])
    np.testing.assert_array_equal(F.center_crop(img, (2, 4)), img[2:4, 1:5])
    t = paddle.to_tensor(img.transpose(2, 0, 1))
    flipped = F.hflip(t)
    assert isinstance(flipped, paddle.Tensor)
    np.testing.assert_array_equal(flipped.numpy(), img[:, ::-1].transpose(2, 0, 1))


def test_pad_modes():
    img = _img(3, 4)
    for mode in ["constant", "edge", "reflect", "symmetric"]:
        np.testing.assert_array_equal(F.pad(img, (1, 2, 3, 1), padding_mode=mode),
                                      np.pad(img, [(2, 1), (1, 3), (0, 0)], mode=mode))
    np.testing.assert_array_equal(F.pad(img, 2, fill=7), np.pad(img, [(2, 2), (2, 2), (0, 0)], constant_values=7))
    np.testing.assert_array_equal(F.pad(img, (1, 2)), np.pad(img, [(2, 2), (1, 1), (0, 0)]))
    out = F.pad(img, 1, fill=(1, 2, 3))
    np.testing.assert_array_equal(out[0, 0], [1, 2, 3])
    np.testing.assert_array_equal(out[1:-1, 1:-1], img)
    with pytest.raises(ValueError, match="padding_mode"):
        F.pad(img, 1, padding_mode="wrap")
    with pytest.raises(TypeError, match="padding"):
        F.pad(img, (1, 2, 3))


def test_rotate_exact_cases():
    img = _img(5, 5)
    np.testing.assert_array_equal(F.rotate(img, 0), img)
    np.testing.assert_array_equal(F.rotate(img, 90), np.rot90(img, 1))
    np.testing.assert_array_equal(F.rotate(img, -90), np.rot90(img, -1))
    np.testing.assert_array_equal(F.rotate(img, 180, interpolation="bilinear"), img[::-1, ::-1])
    rect = _img(3, 5)
    np.testing.assert_array_equal(F.rotate(rect, 90, expand=True), np.rot90(rect, 1))
    # corners of a 45-degree rotation land outside the input and take the fill value
    out = F.rotate(np.full((9, 9, 3), 200, np.uint8), 45, fill=(1, 2, 3))
    np.testing.assert_array_equal(out[0, 0], [1, 2, 3])
    np.testing.assert_array_equal(out[4, 4], [200, 200, 200])


def test_rotate_bilinear_matches_reference():
    img = _img(6, 7, dtype=np.float64)
    angle, fill = 30.0, 0.25
    out = F.rotate(img, angle, interpolation="bilinear", fill=fill)
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    cx, cy = 3.0, 2.5
    ref = np.full_like(img, fill)
    for y in range(6):
        for x in range(7):
            sx = cos * (x - cx) - sin * (y - cy) + cx
            sy = sin * (x - cx) + cos * (y - cy) + cy
            if 0 <= sx <= 6 and 0 <= sy <= 5:
                ref[y, x] = _bilinear_ref_point(img, sy, sx)
    np.testing.assert_allclose(out, ref, rtol=1e-9, atol=1e-9)


def _bilinear_ref_point(img, sy, sx):
    y0, x0 = int(math.floor(sy)), int(math.floor(sx))
    y1, x1 = min(y0 + 1, img.shape[0] - 1), min(x0 + 1, img.shape[1] - 1)
    fy, fx = sy - y0, sx - x0
    return ((img[y0, x0] * (1 - fx) + img[y0, x1] * fx) * (1 - fy)
            + (img[y1, x0] * (1 - fx) + img[y1, x1] * fx) * fy)


# ---------------------------------------------------------------- functional: colour


def _luma(img):
    f = img.astype(np.float64)
    return f[..., 0] * 0.299 + f[..., 1] * 0.587 + f[..., 2] * 0.114


def test_grayscale_and_color_adjustments():
    img = _img(4, 5)
    gray = F.to_grayscale(img)
    assert gray.shape == (4, 5, 1) and gray.dtype == np.uint8
    np.testing.assert_array_equal(gray[..., 0], np.round(_luma(img)).astype(np.uint8))
    gray3 = F.to_grayscale(img, num_output_channels=3)
    np.testing.assert_array_equal(gray3, np.repeat(gray, 3, axis=2))
    f = img.astype(np.float64)
    np.testing.assert_array_equal(F.adjust_brightness(img, 1.5), np.clip(np.round(f * 1.5), 0, 255).astype(np.uint8))
    np.testing.assert_array_equal(F.adjust_brightness(img, 1.0), img)
    mean = _luma(img).mean()
    np.testing.assert_array_equal(F.adjust_contrast(img, 0.3),
                                  np.clip(np.round(0.3 * f + 0.7 * mean), 0, 255).astype(np.uint8))
    np.testing.assert_array_equal(F.adjust_saturation(img, 2.0),
                                  np.clip(np.round(2.0 * f - _luma(img)[..., None]), 0, 255).astype(np.uint8))
    flt = _img(4, 5, dtype=np.float32)
    assert F.adjust_brightness(flt, 3.0).max() <= 1.0  # float images live in [0, 1]
    with pytest.raises(ValueError, match="brightness_factor"):
        F.adjust_brightness(img, -1)
    with pytest.raises(ValueError, match="num_output_channels"):
        F.to_grayscale(img, 2)


def test_adjust_hue_matches_colorsys():
    img = _img(3, 4, dtype=np.float64)
    for factor in [0.2, -0.45, 0.5]:
        out = F.adjust_hue(img, factor)
        ref = np.empty_like(img)
        for i in range(3):
            for j in range(4):
                h, s, v = colorsys.rgb_to_hsv(*img[i, j])
                ref[i, j] = colorsys.hsv_to_rgb((h + factor) % 1.0, s, v)
        np.testing.assert_allclose(out, ref, atol=1e-12)
    u8 = _img(6, 6)
    np.testing.assert_array_equal(F.adjust_hue(u8, 0.0), u8)
    with pytest.raises(ValueError, match="hue_factor"):
        F.adjust_hue(u8, 0.7)


# ---------------------------------------------------------------- to_tensor / normalize


def test_to_tensor_and_normalize():
    img = _img(4, 5)
    t = F.to_tensor(img)
    assert isinstance(t, paddle.Tensor) and t.shape == [3, 4, 5]
    assert t.numpy().dtype == np.float32
    np.testing.assert_allclose(t.numpy(), img.transpose(2, 0, 1).astype(np.float32) / 255, rtol=1e-6)
    assert T.ToTensor(data_format="HWC")(img).shape == [4, 5, 3]
    assert F.to_tensor(img[..., 0]).shape == [1, 4, 5]
    mean, std = [0.5, 0.4, 0.3], [0.2, 0.25, 0.5]
    ref = (t.numpy() - np.reshape(mean, (3, 1, 1))) / np.reshape(std, (3, 1, 1))
    out = F.normalize(t, mean, std)
    assert isinstance(out, paddle.Tensor)
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-5)
    hwc = F.normalize(img, mean, std, data_format="HWC", to_rgb=True)
    np.testing.assert_allclose(hwc, (img[..., ::-1].astype(np.float32) - mean) / np.float32(std), rtol=1e-5)
    assert hwc.dtype == np.float32
    with pytest.raises(TypeError, match="pic"):
        F.to_tensor("not an image")


# ---------------------------------------------------------------- transform classes


def test_compose_pipeline_and_reproducibility():
    img = _img(20, 30)
    pipeline = T.Compose([T.Resize(16), T.RandomCrop(12), T.RandomHorizontalFlip(),
                          T.ColorJitter(0.4, 0.4, 0.4, 0.1), T.ToTensor(),
                          T.Normalize(mean=[0.5] * 3, std=[0.5] * 3)])
    random.seed(3)
    a = pipeline(img)
    random.seed(3)
    b = pipeline(img)
    assert isinstance(a, paddle.Tensor) and a.shape == [3, 12, 12]
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    assert a.numpy().min() >= -1.0 - 1e-6 and a.numpy().max() <= 1.0 + 1e-6


def test_random_crop_positions_follow_random():
    img = _img(10, 12)
    random.seed(7)
    out = T.RandomCrop((4, 5))(img)
    random.seed(7)
    i, j = random.randint(0, 6), random.randint(0, 7)
    np.testing.assert_array_equal(out, img[i:i + 4, j:j + 5])
    padded = T.RandomCrop(14, padding=2)(img)
    assert padded.shape == (14, 14, 3)
    assert T.RandomCrop(16, pad_if_needed=True)(img).shape == (16, 16, 3)
    with pytest.raises(ValueError, match="at least size"):
        T.RandomCrop(16)(img)


def test_flips_rotation_erasing():
    img = _img(5, 5)
    np.testing.assert_array_equal(T.RandomHorizontalFlip(1.0)(img), img[:, ::-1])
    np.testing.assert_array_equal(T.RandomVerticalFlip(1.0)(img), img[::-1])
    np.testing.assert_array_equal(T.RandomVerticalFlip(0.0)(img), img)
    np.testing.assert_array_equal(T.RandomRotation((90, 90))(img), np.rot90(img))
    random.seed(1)
    erased = T.RandomErasing(prob=1.0, value=0)(np.full((8, 8, 3), 9, np.uint8))
    zeros = erased == 0
    assert zeros.any() and (erased[~zeros] == 9).all()
    rows, cols = np.nonzero(zeros[..., 0])
    assert zeros[rows.min():rows.max() + 1, cols.min():cols.max() + 1].all()  # one rectangle
    t = paddle.to_tensor(np.ones((3, 8, 8), np.float32))
    out = T.RandomErasing(prob=1.0, value=[0.1, 0.2, 0.3])(t)
    assert isinstance(out, paddle.Tensor)
    vals = out.numpy()
    assert (vals[1] == np.float32(0.2)).any() and (vals[1] == 1).any()


def test_resized_crop_grayscale_transpose_pad_keys():
    img = _img(12, 16)
    random.seed(0)
    out = T.RandomResizedCrop(8)(img)
    assert out.shape == (8, 8, 3) and out.dtype == np.uint8
    assert T.RandomResizedCrop((6, 4), scale=(2.0, 3.0))(img).shape == (6, 4, 3)  # fallback path
    assert T.CenterCrop(4)(img).shape == (4, 4, 3)
    assert T.Grayscale(3)(img).shape == (12, 16, 3)
    assert T.Transpose()(img).shape == (3, 12, 16)
    assert T.Transpose()(img[..., 0]).shape == (1, 12, 16)
    assert T.Pad((1, 2))(img).shape == (16, 18, 3)
    np.testing.assert_array_equal(T.ColorJitter()(img), img)
    for cls in [T.BrightnessTransform, T.ContrastTransform, T.SaturationTransform]:
        adjusted = cls(0.5)(img)
        assert adjusted.shape == img.shape and adjusted.dtype == np.uint8
    assert T.HueTransform(0.2)(img).shape == img.shape
    label = np.array([3])
    flipped, same = T.RandomHorizontalFlip(1.0, keys=("image", "label"))((img, label))
    np.testing.assert_array_equal(flipped, img[:, ::-1])
    assert same is label


def test_transform_argument_errors():
    with pytest.raises(ValueError, match="interpolation"):
        T.Resize(4, interpolation="lanczos")
    with pytest.raises(TypeError, match="size"):
        T.Resize((1, 2, 3))
    with pytest.raises(ValueError, match="prob"):
        T.RandomHorizontalFlip(1.5)
    with pytest.raises(ValueError, match="value"):
        T.HueTransform(0.8)
    with pytest.raises(ValueError, match="scale"):
        T.RandomResizedCrop(4, scale=(1.0, 0.5))
    with pytest.raises(TypeError, match="transforms"):
        T.Compose(3)


def test_pil_input_if_available():
    Image = pytest.importorskip("PIL.Image")
    img = _img(6, 8)
    pil = Image.fromarray(img)
    np.testing.assert_array_equal(F.hflip(pil), img[:, ::-1])
    np.testing.assert_allclose(T.ToTensor()(pil).numpy(), img.transpose(2, 0, 1) / 255.0, rtol=1e-6)


# ---------------------------------------------------------------- paddle.metric


def test_accuracy():
    pred = np.array([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2], [0.2, 0.3, 0.5], [0.6, 0.1, 0.3]], np.float32)
    label = np.array([[2], [0], [1], [1]], np.int64)
    m = paddle.metric.Accuracy(topk=(1, 2))
    assert m.name() == ["acc_top1", "acc_top2"]
    correct = m.compute(paddle.to_tensor(pred), paddle.to_tensor(label))
    assert isinstance(correct, paddle.Tensor)
    expected = np.array([[0, 1], [1, 0], [0, 1], [0, 0]], np.float32)
    np.testing.assert_array_equal(correct.numpy(), expected)
    np.testing.assert_array_equal(m.compute(pred, label), expected)
    one_hot = np.eye(3, dtype=np.float32)[label[:, 0]]
    np.testing.assert_array_equal(m.compute(pred, one_hot), expected)
    assert m.update(correct) == [0.25, 0.75]
    assert m.update(expected[:2]) == [0.5, 1.0]
    np.testing.assert_allclose(m.accumulate(), [2 / 6, 5 / 6])
    m.reset()
    assert m.accumulate() == [0.0, 0.0]
    top1 = paddle.metric.Accuracy()
    assert top1.name() == ["acc"]
    assert top1.update(top1.compute(pred, label[:, 0])) == 0.25
    with pytest.raises(ValueError, match="topk"):
        paddle.metric.Accuracy(topk=(0,))


def test_precision_recall():
    preds = np.array([0.2, 0.6, 0.5, 0.9, 0.1], np.float32)
    labels = np.array([0, 1, 0, 0, 1], np.int64)
    p, r = paddle.metric.Precision(), paddle.metric.Recall()
    p.update(paddle.to_tensor(preds.reshape(-1, 1)), paddle.to_tensor(labels.reshape(-1, 1)))
    r.update(preds, labels)
    # positive predictions at 1, 2, 3: tp = 1 (index 1), fp = 2; the positive at index 4 is missed
    assert p.accumulate() == pytest.approx(1 / 3)
    assert r.accumulate() == pytest.approx(1 / 2)
    assert (p.name(), r.name()) == ("precision", "recall")
    p.reset()
    r.reset()
    assert p.accumulate() == 0.0 and r.accumulate() == 0.0
    with pytest.raises(ValueError, match="same number"):
        p.update(preds, labels[:3])


def _rank_auc(scores, labels):
    pos = [s for s, l in zip(scores, labels) if l]
    neg = [s for s, l in zip(scores, labels) if not l]
    wins = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a in pos for b in neg)
    return wins / (len(pos) * len(neg))


def test_auc():
    scores = np.array([0.9, 0.8, 0.7, 0.6, 0.55, 0.4, 0.3, 0.1])
    labels = np.array([1, 1, 0, 1, 0, 1, 0, 0])
    preds = np.stack([1 - scores, scores], axis=1)
    m = paddle.metric.Auc()
    m.update(paddle.to_tensor(preds.astype(np.float32)), paddle.to_tensor(labels.reshape(-1, 1)))
    assert m.accumulate() == pytest.approx(_rank_auc(scores, labels))  # distinct buckets: exact rank AUC
    assert m.name() == "auc"
    # with 4 buckets, scores sharing a bucket count as ties (half credit)
    coarse = paddle.metric.Auc(num_thresholds=4)
    coarse.update(preds, labels)
    buckets = np.floor(scores * 4)
    assert coarse.accumulate() == pytest.approx(_rank_auc(buckets, labels))
    # batches accumulate; perfect separation gives 1
    sep = paddle.metric.Auc()
    sep.update(np.array([[0.1, 0.9], [0.2, 0.8]]), np.array([1, 1]))
    assert sep.accumulate() == 0.0  # no negatives yet
    sep.update(np.array([[0.7, 0.3], [0.9, 0.1]]), np.array([0, 0]))
    assert sep.accumulate() == pytest.approx(1.0)
    with pytest.raises(ValueError, match="probabilities"):
        sep.update(np.array([[0.0, 1.5]]), np.array([1]))
    with pytest.raises(ValueError, match="curve"):
        paddle.metric.Auc(curve="XY")


def test_metric_base_class():
    with pytest.raises(TypeError):
        paddle.metric.Metric()

    class Count(paddle.metric.Metric):
        def __init__(self):
            self.n = 0

        def reset(self):
            self.n = 0

        def update(self, x):
            self.n += len(x)

        def accumulate(self):
            return self.n

        def name(self):
            return "count"

    c = Count()
    args = c.compute(1, 2)
    assert args == (1, 2)
    c.update([1, 2, 3])
    assert c.accumulate() == 3
