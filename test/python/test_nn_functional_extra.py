"""paddle.nn.functional's extra activations, rearrangements, distances and losses (module
paddle.nn.functional.extra) and the layers PairwiseDistance and ChannelShuffle: eager
values against NumPy, gradients against finite differences of the NumPy references (float64),
static programs with an unknown batch extent, rrelu's training mode by bounds, and typed errors
for bad input."""
import math

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from test_api_compositions import _check_grads, _run_static

rng = np.random.default_rng(11)


def _t(a):
    return paddle.to_tensor(a)


def _away(shape, points, gap=0.05):
    """float64 values at least gap away from each of points (kinks of the function)."""
    a = rng.uniform(-2, 2, shape)
    for p in points:
        a = np.where(np.abs(a - p) < gap, p + np.sign(a - p + 1e-12) * gap * 2, a)
    return a


def _reduce(loss, reduction):
    return {"mean": np.mean, "sum": np.sum, "none": lambda v: v}[reduction](loss)


def _log_sigmoid(x):
    return -np.logaddexp(0, -x)


def _pnorm(d, p):
    if np.isinf(p):
        return np.max(np.abs(d), -1)
    return np.sum(np.abs(d) ** p, -1) ** (1.0 / p)


# ---- NumPy references -----------------------------------------------------------------------
def np_hardshrink(x, t=0.5):
    return np.where(np.abs(x) > t, x, 0.0)


def np_softshrink(x, t=0.5):
    return np.where(x > t, x - t, np.where(x < -t, x + t, 0.0))


def np_thresholded_relu(x, t=1.0, v=0.0):
    return np.where(x > t, x, v)


def np_maxout(x, groups, axis=1):
    if axis == 1:
        n, c, h, w = x.shape
        return x.reshape(n, c // groups, groups, h, w).max(2)
    n, h, w, c = x.shape
    return x.reshape(n, h, w, c // groups, groups).max(-1)


def np_channel_shuffle(x, groups, fmt="NCHW"):
    if fmt == "NHWC":
        return np_channel_shuffle(x.transpose(0, 3, 1, 2), groups).transpose(0, 2, 3, 1)
    n, c, h, w = x.shape
    return x.reshape(n, groups, c // groups, h, w).transpose(0, 2, 1, 3, 4).reshape(n, c, h, w)


def np_pixel_unshuffle(x, r, fmt="NCHW"):
    if fmt == "NHWC":
        return np_pixel_unshuffle(x.transpose(0, 3, 1, 2), r).transpose(0, 2, 3, 1)
    n, c, h, w = x.shape
    out = np.zeros((n, c * r * r, h // r, w // r))
    for ch in range(c):
        for i in range(r):
            for j in range(r):
                out[:, ch * r * r + i * r + j] = x[:, ch, i::r, j::r]
    return out


def np_pairwise(x, y, p=2.0, eps=1e-6, keepdim=False):
    out = _pnorm(x - y + eps, p)
    return out[..., None] if keepdim else out


def np_adaptive_avg_pool1d(x, size):
    n, c, length = x.shape
    out = np.zeros((n, c, size))
    for i in range(size):
        start, end = (i * length) // size, -((-(i + 1) * length) // size)
        out[:, :, i] = x[:, :, start:end].mean(-1)
    return out


def np_margin_ranking(a, b, label, margin=0.0, reduction="mean"):
    return _reduce(np.maximum(0, -label * (a - b) + margin), reduction)


def np_hinge_embedding(x, label, margin=1.0, reduction="mean"):
    loss = np.where(label == 1, x, 0.0) + np.where(label == -1, np.maximum(0, margin - x), 0.0)
    return _reduce(loss, reduction)


def np_soft_margin(x, label, reduction="mean"):
    return _reduce(np.log1p(np.exp(-label * x)), reduction)


def np_multi_label_soft_margin(x, label, weight=None, reduction="mean"):
    loss = -(label * _log_sigmoid(x) + (1 - label) * _log_sigmoid(-x))
    if weight is not None:
        loss = loss * weight
    return _reduce(loss.mean(-1), reduction)


def np_poisson_nll(x, label, log_input=True, full=False, eps=1e-8, reduction="mean"):
    loss = np.exp(x) - label * x if log_input else x - label * np.log(x + eps)
    if full:
        safe = np.where(label > 1, label, 2.0)
        stirling = safe * np.log(safe) - safe + 0.5 * np.log(2 * math.pi * safe)
        loss = loss + np.where(label > 1, stirling, 0.0)
    return _reduce(loss, reduction)


def np_cosine_embedding(a, b, label, margin=0.0, reduction="mean"):
    cos = (a * b).sum(-1) / np.sqrt(((a * a).sum(-1) + 1e-11) * ((b * b).sum(-1) + 1e-11))
    loss = np.where(label == 1, 1 - cos, 0.0) + np.where(label == -1,
                                                          np.maximum(0, cos - margin), 0.0)
    return _reduce(loss, reduction)


def np_triplet(a, pos, neg, margin=1.0, p=2.0, eps=1e-6, swap=False, reduction="mean"):
    d_pos, d_neg = np_pairwise(a, pos, p, eps), np_pairwise(a, neg, p, eps)
    if swap:
        d_neg = np.minimum(d_neg, np_pairwise(pos, neg, p, eps))
    return _reduce(np.maximum(d_pos - d_neg + margin, 0), reduction)


def np_sigmoid_focal(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum"):
    prob = 1 / (1 + np.exp(-logit))
    ce = np.maximum(logit, 0) - logit * label + np.log1p(np.exp(-np.abs(logit)))
    p_t = prob * label + (1 - prob) * (1 - label)
    loss = (alpha * label + (1 - alpha) * (1 - label)) * ce * (1 - p_t) ** gamma
    if normalizer is not None:
        loss = loss / normalizer
    return _reduce(loss, reduction)


def np_log_loss(x, label, eps=1e-4):
    return -label * np.log(x + eps) - (1 - label) * np.log(1 - x + eps)


# ---- activations ----------------------------------------------------------------------------
def test_shrinks_and_thresholded_relu_values_and_grads():
    x = _away((3, 5), [-0.5, 0.5, 1.0, -0.25, 0.25])
    cases = [(F.hardshrink, np_hardshrink, {}), (F.hardshrink, np_hardshrink, {"t": 0.25}),
             (F.softshrink, np_softshrink, {}), (F.softshrink, np_softshrink, {"t": 0.25}),
             (F.thresholded_relu, np_thresholded_relu, {}),
             (F.thresholded_relu, np_thresholded_relu, {"t": 0.25, "v": -1.5})]
    for fn, ref, kw in cases:
        args = [kw[k] for k in ("t", "v") if k in kw]
        got = fn(_t(x), *args)
        assert got.dtype == paddle.float64
        np.testing.assert_allclose(got.numpy(), ref(x, *args), rtol=1e-12, atol=0)
        _check_grads(lambda a: fn(a, *args), lambda a: ref(a, *args), [x])
    np.testing.assert_array_equal(F.thresholded_relu(_t(np.float32([2, 0, 1]))).numpy(),
                                  [2, 0, 0])


def test_rrelu_eval_is_exact_and_training_is_bounded():
    x = _away((4, 50), [0.0])
    lower, upper = 0.1, 0.4
    np.testing.assert_allclose(F.rrelu(_t(x), lower, upper, training=False).numpy(),
                               np.where(x >= 0, x, x * (lower + upper) / 2), rtol=1e-12)
    out = F.rrelu(_t(x), lower, upper).numpy()
    neg = x < 0
    np.testing.assert_array_equal(out[~neg], x[~neg])
    slopes = out[neg] / x[neg]
    assert np.all(slopes >= lower - 1e-12) and np.all(slopes <= upper + 1e-12)
    assert np.ptp(slopes) > 0.05  # drawn per element, not one slope
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = F.rrelu(xt, lower, upper)
    (g,) = paddle.grad([out.sum()], [xt])
    np.testing.assert_allclose(g.numpy(), np.where(neg, out.numpy() / x, 1.0), rtol=1e-10)
    layer_free = F.rrelu(_t(x), training=False).numpy()
    np.testing.assert_allclose(layer_free, np.where(x >= 0, x, x * (1 / 8 + 1 / 3) / 2))


@pytest.mark.parametrize("axis", [1, 3, -1])
def test_maxout(axis):
    shape = (2, 6, 3, 4) if axis == 1 else (2, 3, 4, 6)
    x = rng.permutation(np.prod(shape)).reshape(shape) * 0.1
    got = F.maxout(_t(x), 3, axis=axis)
    np.testing.assert_array_equal(got.numpy(), np_maxout(x, 3, 1 if axis == 1 else -1))
    _check_grads(lambda a: F.maxout(a, 2, axis), lambda a: np_maxout(a, 2, 1 if axis == 1
                                                                       else -1), [x])


# ---- rearrangements, padding, distances, pooling --------------------------------------------
@pytest.mark.parametrize("fmt", ["NCHW", "NHWC"])
def test_channel_shuffle_and_pixel_unshuffle(fmt):
    x = rng.standard_normal((2, 6, 4, 4) if fmt == "NCHW" else (2, 4, 4, 6))
    np.testing.assert_array_equal(F.channel_shuffle(_t(x), 3, fmt).numpy(),
                                  np_channel_shuffle(x, 3, fmt))
    np.testing.assert_array_equal(paddle.nn.ChannelShuffle(2, fmt)(_t(x)).numpy(),
                                  np_channel_shuffle(x, 2, fmt))
    got = F.pixel_unshuffle(_t(x), 2, fmt)
    np.testing.assert_array_equal(got.numpy(), np_pixel_unshuffle(x, 2, fmt))
    back = F.pixel_shuffle(got, 2, fmt)  # the inverse
    np.testing.assert_array_equal(back.numpy(), x)
    _check_grads(lambda a: F.channel_shuffle(a, 2, fmt), lambda a: np_channel_shuffle(a, 2, fmt),
                 [x[:1, :, :2, :2] if fmt == "NCHW" else x[:1, :2, :2]])
    _check_grads(lambda a: F.pixel_unshuffle(a, 2, fmt), lambda a: np_pixel_unshuffle(a, 2, fmt),
                 [x[:1]])


def test_zeropad2d():
    x = rng.standard_normal((1, 2, 3, 3))
    np.testing.assert_array_equal(F.zeropad2d(_t(x), [1, 0, 2, 1]).numpy(),
                                  np.pad(x, [(0, 0), (0, 0), (2, 1), (1, 0)]))
    np.testing.assert_array_equal(F.zeropad2d(_t(x), 1).numpy(), np.pad(x, [(0, 0)] * 2 +
                                                                       [(1, 1)] * 2))
    xh = x.transpose(0, 2, 3, 1)
    np.testing.assert_array_equal(F.zeropad2d(_t(xh), [0, 1, 1, 0], "NHWC").numpy(),
                                  np.pad(xh, [(0, 0), (1, 0), (0, 1), (0, 0)]))


@pytest.mark.parametrize("p", [2.0, 1.0, 3.0, float("inf")])
def test_pairwise_distance(p):
    x, y = rng.standard_normal((4, 5)), rng.standard_normal((4, 5))
    got = F.pairwise_distance(_t(x), _t(y), p)
    assert got.shape == [4]
    eps = float(np.float32(1e-6))  # a float attribute: float32, as in PaddlePaddle
    np.testing.assert_allclose(got.numpy(), np_pairwise(x, y, p, eps), rtol=1e-10)
    kept = paddle.nn.PairwiseDistance(p, 0.125, keepdim=True)(_t(x), _t(y))
    np.testing.assert_allclose(kept.numpy(), np_pairwise(x, y, p, 0.125, True), rtol=1e-10)
    one = F.pairwise_distance(_t(x[0]), _t(y[0]), p)
    assert one.shape == []
    _check_grads(lambda a, b: F.pairwise_distance(a, b, p), lambda a, b: np_pairwise(a, b, p),
                 [x, y], rtol=1e-5, atol=1e-6)


def test_adaptive_avg_pool1d():
    x = rng.standard_normal((2, 3, 10))
    for size in (1, 3, 5, 10):
        np.testing.assert_allclose(F.adaptive_avg_pool1d(_t(x), size).numpy(),
                                   np_adaptive_avg_pool1d(x, size), rtol=1e-12)
    _check_grads(lambda a: F.adaptive_avg_pool1d(a, 3), lambda a: np_adaptive_avg_pool1d(a, 3),
                 [x[:1]])


# ---- losses ---------------------------------------------------------------------------------
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_losses_match_numpy(reduction):
    a, b = rng.standard_normal((4, 5)), rng.standard_normal((4, 5))
    pm = np.where(rng.random((4, 5)) < 0.5, 1.0, -1.0)
    label01 = (rng.random((4, 5)) < 0.5).astype("float64")
    counts = rng.integers(0, 4, (4, 5)).astype("float64")
    label1d = np.array([1.0, -1.0, 1.0, -1.0])
    neg = rng.standard_normal((4, 5))
    cases = [
        (F.margin_ranking_loss(_t(a), _t(b), _t(pm), 0.3, reduction),
         np_margin_ranking(a, b, pm, 0.3, reduction)),
        (F.hinge_embedding_loss(_t(a), _t(pm), 0.5, reduction),
         np_hinge_embedding(a, pm, 0.5, reduction)),
        (F.soft_margin_loss(_t(a), _t(pm), reduction), np_soft_margin(a, pm, reduction)),
        (F.multi_label_soft_margin_loss(_t(a), _t(label01), _t(b * b), reduction=reduction),
         np_multi_label_soft_margin(a, label01, b * b, reduction)),
        (F.poisson_nll_loss(_t(a), _t(counts), reduction=reduction),
         np_poisson_nll(a, counts, reduction=reduction)),
        (F.poisson_nll_loss(_t(np.abs(a)), _t(counts), False, True, reduction=reduction),
         np_poisson_nll(np.abs(a), counts, False, True, reduction=reduction)),
        (F.cosine_embedding_loss(_t(a), _t(b), _t(label1d), 0.2, reduction),
         np_cosine_embedding(a, b, label1d, 0.2, reduction)),
        (F.triplet_margin_loss(_t(a), _t(b), _t(neg), reduction=reduction),
         np_triplet(a, b, neg, reduction=reduction)),
        (F.triplet_margin_loss(_t(a), _t(b), _t(neg), 0.5, 1.0, swap=True, reduction=reduction),
         np_triplet(a, b, neg, 0.5, 1.0, swap=True, reduction=reduction)),
        (F.sigmoid_focal_loss(_t(a), _t(label01), reduction=reduction),
         np_sigmoid_focal(a, label01, reduction=reduction)),
        (F.sigmoid_focal_loss(_t(a), _t(label01), _t(np.array([3.0])), 0.4, 1.5, reduction),
         np_sigmoid_focal(a, label01, 3.0, 0.4, 1.5, reduction)),
    ]
    for i, (got, want) in enumerate(cases):
        assert got.shape == list(np.shape(want)), i
        # Float attributes (margins, epsilons, 2 pi) travel as float32, as in PaddlePaddle.
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-6, atol=1e-7, err_msg=str(i))


def test_log_loss_and_label_dtypes():
    x, label = rng.uniform(0.05, 0.95, (4, 1)), (rng.random((4, 1)) < 0.5).astype("float64")
    np.testing.assert_allclose(F.log_loss(_t(x), _t(label)).numpy(), np_log_loss(x, label),
                               rtol=1e-6)  # epsilon, a float attribute, is float32
    assert F.log_loss(_t(x), _t(label)).shape == [4, 1]
    a = rng.standard_normal((3, 4))
    ints = np.where(rng.random((3, 4)) < 0.5, 1, -1).astype("int64")
    np.testing.assert_allclose(F.soft_margin_loss(_t(a), _t(ints)).numpy(),
                               np_soft_margin(a, ints.astype("float64"), "mean"), rtol=1e-12)


def test_loss_gradients():
    a, b = _away((3, 4), [0.0]), rng.standard_normal((3, 4))
    pm = np.where(rng.random((3, 4)) < 0.5, 1.0, -1.0)
    label01 = (rng.random((3, 4)) < 0.5).astype("float64")
    label1d = np.array([1.0, -1.0, -1.0])
    checks = [
        (lambda x, y: F.margin_ranking_loss(x, y, _t(pm), 0.05, "none"),
         lambda x, y: np_margin_ranking(x, y, pm, 0.05, "none"), [a, a + 0.5]),
        (lambda x: F.hinge_embedding_loss(x, _t(pm), 0.5, "none"),
         lambda x: np_hinge_embedding(x, pm, 0.5, "none"), [_away((3, 4), [0.5])]),
        (lambda x: F.soft_margin_loss(x, _t(pm), "none"),
         lambda x: np_soft_margin(x, pm, "none"), [a]),
        (lambda x: F.multi_label_soft_margin_loss(x, _t(label01), reduction="none"),
         lambda x: np_multi_label_soft_margin(x, label01, reduction="none"), [a]),
        (lambda x: F.poisson_nll_loss(x, _t(label01 * 3), reduction="none"),
         lambda x: np_poisson_nll(x, label01 * 3, reduction="none"), [a]),
        (lambda x, y: F.cosine_embedding_loss(x, y, _t(label1d), -0.9, "none"),
         lambda x, y: np_cosine_embedding(x, y, label1d, -0.9, "none"), [a, b]),
        (lambda x, y, z: F.triplet_margin_loss(x, y, z, 3.0, reduction="none"),
         lambda x, y, z: np_triplet(x, y, z, 3.0, reduction="none"), [a, b, b * 2]),
        (lambda x: F.sigmoid_focal_loss(x, _t(label01), reduction="none"),
         lambda x: np_sigmoid_focal(x, label01, reduction="none"), [a]),
        (lambda x: F.log_loss(x, _t(label01)), lambda x: np_log_loss(x, label01),
         [rng.uniform(0.1, 0.9, (3, 4))]),
    ]
    for fn, ref, arrays in checks:
        _check_grads(fn, ref, arrays, rtol=1e-5, atol=1e-7)


# ---- static programs ------------------------------------------------------------------------
def test_static_programs_with_unknown_batch():
    x = _away((3, 4, 2, 2), [-0.5, 0.5, 1.0])
    y = rng.standard_normal((3, 5))
    z = rng.standard_normal((3, 5))
    pm = np.where(rng.random((3, 5)) < 0.5, 1.0, -1.0)

    def build(xv, yv, zv, lv):
        return [F.hardshrink(xv), F.softshrink(xv), F.thresholded_relu(xv),
                F.rrelu(xv, training=False), F.rrelu(xv), F.maxout(xv, 2),
                F.channel_shuffle(xv, 2), F.pixel_unshuffle(xv, 2), F.zeropad2d(xv, 1),
                F.pairwise_distance(yv, zv), F.margin_ranking_loss(yv, zv, lv),
                F.hinge_embedding_loss(yv, lv), F.soft_margin_loss(yv, lv),
                F.cosine_embedding_loss(yv, zv, paddle.sum(lv, axis=1) * 0.0 + 1.0),
                F.triplet_margin_loss(yv, zv, yv * 2.0), F.sigmoid_focal_loss(yv, lv * lv),
                F.adaptive_avg_pool1d(yv.unsqueeze(1), 2)]

    got = _run_static(build, {"x": x, "y": y, "z": z, "l": pm},
                      {"x": [-1, 4, 2, 2], "y": [-1, 5], "z": [-1, 5], "l": [-1, 5]})
    want = [np_hardshrink(x), np_softshrink(x), np_thresholded_relu(x), None, None,
            np_maxout(x, 2), np_channel_shuffle(x, 2), np_pixel_unshuffle(x, 2),
            np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)]), np_pairwise(y, z),
            np_margin_ranking(y, z, pm), np_hinge_embedding(y, pm), np_soft_margin(y, pm),
            np_cosine_embedding(y, z, np.ones(3)), np_triplet(y, z, y * 2),
            np_sigmoid_focal(y, pm * pm), np_adaptive_avg_pool1d(y[:, None], 2)]
    want[3] = np.where(x >= 0, x, x * (1 / 8 + 1 / 3) / 2)
    for i, (g, w) in enumerate(zip(got, want)):
        if w is not None:
            np.testing.assert_allclose(np.asarray(g), w, rtol=1e-6, atol=1e-7, err_msg=str(i))
    slopes = np.asarray(got[4])[x < 0] / x[x < 0]
    assert np.all((slopes >= 1 / 8 - 1e-12) & (slopes <= 1 / 3 + 1e-12))


# ---- layers and errors ----------------------------------------------------------------------
def test_layers():
    assert "groups=2" in repr(paddle.nn.ChannelShuffle(2))
    with pytest.raises(ValueError, match="groups"):
        paddle.nn.ChannelShuffle(0)
    with pytest.raises(ValueError, match="data_format"):
        paddle.nn.ChannelShuffle(2, "NCL")


def test_bad_input():
    x = _t(rng.standard_normal((2, 6, 2, 2)))
    with pytest.raises(TypeError, match="hardshrink's x to be a Tensor, but got list"):
        F.hardshrink([1.0])
    with pytest.raises(ValueError, match="softshrink's threshold >= 0, but got -1"):
        F.softshrink(x, -1.0)
    with pytest.raises(TypeError, match="thresholded_relu's threshold to be a float"):
        F.thresholded_relu(x, "1")
    with pytest.raises(ValueError, match="rrelu's lower in \\[0, 1\\], but got -0.1"):
        F.rrelu(x, -0.1, 0.3)
    with pytest.raises(ValueError, match="upper >= lower"):
        F.rrelu(x, 0.3, 0.2)
    with pytest.raises(ValueError, match="divisible by groups 4"):
        F.maxout(x, 4)
    with pytest.raises(ValueError, match="axis to be 1, 3 or -1, but got 2"):
        F.maxout(x, 2, axis=2)
    with pytest.raises(ValueError, match="divisible by groups 4"):
        F.channel_shuffle(x, 4)
    with pytest.raises(ValueError, match="data_format 'NCHW' or 'NHWC', but got 'NCL'"):
        F.channel_shuffle(x, 2, "NCL")
    with pytest.raises(ValueError, match="divisible by downscale_factor 3"):
        F.pixel_unshuffle(x, 3)
    with pytest.raises(ValueError, match="downscale_factor to be a positive int, but got 0"):
        F.pixel_unshuffle(x, 0)
    with pytest.raises(ValueError, match="padding to be an int or 4 ints"):
        F.zeropad2d(x, [1, 2])
    with pytest.raises(ValueError, match="3-D \\[N, C, L\\], but got shape \\[2, 6, 2, 2\\]"):
        F.adaptive_avg_pool1d(x, 2)
    y = _t(rng.standard_normal((2, 3)))
    with pytest.raises(ValueError, match="reduction of margin_ranking_loss in"):
        F.margin_ranking_loss(y, y, y, reduction="max")
    with pytest.raises(ValueError, match="poisson_nll_loss's epsilon > 0, but got 0.0"):
        F.poisson_nll_loss(y, y, epsilon=0.0)
    with pytest.raises(ValueError, match="input and label to have one shape"):
        F.multi_label_soft_margin_loss(y, _t(np.ones((2, 4))))
    with pytest.raises(ValueError, match="input1 to be 1-D or 2-D"):
        F.cosine_embedding_loss(x, x, y)
    with pytest.raises(ValueError, match="input and negative to have one shape"):
        F.triplet_margin_loss(y, y, _t(np.ones((3, 2))))
    with pytest.raises(TypeError, match="sigmoid_focal_loss's normalizer to be a Tensor"):
        F.sigmoid_focal_loss(y, y, normalizer=2.0)
