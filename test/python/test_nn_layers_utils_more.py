"""Layers of paddle.nn.layer.extra_more and functionals of paddle.nn.functional.extra_more
(values against NumPy, gradients against float64 finite differences, static programs with an
unknown batch, typed errors), the Dirac and Bilinear initializers, paddle.nn.utils (gradient
clipping, parameter vectors, weight norm) and paddle.io's ConcatDataset,
WeightedRandomSampler, SubsetRandomSampler and get_worker_info."""
import math

import numpy as np
import pytest

import paddle
import paddle.io as io
import paddle.nn as nn
import paddle.nn.functional as F
from test_api_compositions import _check_grads, _run_static
from test_nn_functional_extra import (np_hardshrink, np_margin_ranking, np_maxout,
                                      np_pixel_unshuffle, np_softshrink, np_triplet)

rng = np.random.default_rng(5)


def _t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


def _softmax(x, axis):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


# ---- NumPy references ------------------------------------------------------------------------
def np_gaussian_nll(x, label, var, full=False, eps=1e-6, reduction="mean"):
    var = np.maximum(var, eps)
    loss = 0.5 * (np.log(var) + (x - label) ** 2 / var) + (0.5 * math.log(2 * math.pi) if full
                                                            else 0.0)
    return {"mean": np.mean, "sum": np.sum, "none": lambda v: v}[reduction](loss)


def np_multi_margin(x, label, p=1, margin=1.0, weight=None, reduction="mean"):
    n, c = x.shape
    picked = x[np.arange(n), label][:, None]
    w = np.ones(n) if weight is None else weight[label]
    hinge = np.maximum(0.0, w[:, None] * (margin - picked + x)) ** p
    hinge[np.arange(n), label] = 0.0
    loss = hinge.sum(1) / c
    return {"mean": np.mean, "sum": np.sum, "none": lambda v: v}[reduction](loss)


def np_adaptive_max_pool1d(x, size):
    n = x.shape[-1]
    return np.stack([x[..., (i * n) // size:-((-(i + 1) * n) // size)].max(-1)
                     for i in range(size)], -1)


# ---- layers: values ----------------------------------------------------------------------------
def test_activation_layers_match_numpy():
    a = rng.standard_normal((2, 4, 3, 3)).astype("float32")
    x = _t(a)
    np.testing.assert_allclose(nn.Maxout(2)(x).numpy(), np_maxout(a, 2), rtol=1e-6)
    np.testing.assert_allclose(nn.Softmax2D()(x).numpy(), _softmax(a, 1), rtol=1e-5)
    np.testing.assert_allclose(nn.Softmax2D()(x[0]).numpy(), _softmax(a[0], 0), rtol=1e-5)
    np.testing.assert_allclose(nn.ThresholdedReLU(0.5, 2.0)(x).numpy(),
                               np.where(a > 0.5, a, 2.0), rtol=1e-6)
    np.testing.assert_allclose(nn.Hardshrink(0.3)(x).numpy(), np_hardshrink(a, 0.3), rtol=1e-6)
    np.testing.assert_allclose(nn.Softshrink()(x).numpy(), np_softshrink(a), rtol=1e-6,
                               atol=1e-7)
    r = nn.RReLU(0.1, 0.3)
    r.eval()
    np.testing.assert_allclose(r(x).numpy(), np.where(a >= 0, a, 0.2 * a), rtol=1e-6)
    r.train()
    out = r(x).numpy()
    neg = a < 0
    assert np.all(out[~neg] == a[~neg])
    ratio = out[neg] / a[neg]
    assert ratio.min() >= 0.1 - 1e-6 and ratio.max() <= 0.3 + 1e-6 and ratio.std() > 0
    assert "groups=2" in repr(nn.Maxout(2))


def test_shape_layers_match_numpy():
    a = rng.standard_normal((2, 3, 4, 6)).astype("float32")
    np.testing.assert_allclose(nn.PixelUnshuffle(2)(_t(a)).numpy(), np_pixel_unshuffle(a, 2))
    np.testing.assert_array_equal(nn.Unflatten(3, [2, 3])(_t(a)).numpy(), a.reshape(2, 3, 4, 2, 3))
    b = rng.standard_normal((2, 3, 10))
    np.testing.assert_allclose(nn.AdaptiveAvgPool1D(5)(_t(b)).numpy(),
                               b.reshape(2, 3, 5, 2).mean(-1), rtol=1e-12)
    for size in (4, 3, 1):
        np.testing.assert_allclose(nn.AdaptiveMaxPool1D(size)(_t(b)).numpy(),
                                   np_adaptive_max_pool1d(b, size), rtol=1e-12)
    _check_grads(lambda v: F.adaptive_max_pool1d(v, 3), lambda v: np_adaptive_max_pool1d(v, 3),
                 [rng.permutation(20).reshape(1, 2, 10) * 0.1])


def test_loss_layers_match_functionals_and_numpy():
    a, b = rng.standard_normal((6, 5)), rng.standard_normal((6, 5))
    c = rng.standard_normal((6, 5))
    sign = np.where(rng.random((6, 5)) > 0.5, 1.0, -1.0)
    np.testing.assert_allclose(nn.MarginRankingLoss(0.2, "sum")(_t(a), _t(b), _t(sign)).numpy(),
                               np_margin_ranking(a, b, sign, 0.2, "sum"), rtol=1e-7)
    np.testing.assert_allclose(nn.TripletMarginLoss(swap=True)(_t(a), _t(b), _t(c)).numpy(),
                               np_triplet(a, b, c, swap=True), rtol=1e-10)
    pairs = [(nn.HingeEmbeddingLoss(0.5), F.hinge_embedding_loss, (a, sign), {"margin": 0.5}),
             (nn.SoftMarginLoss("none"), F.soft_margin_loss, (a, sign), {"reduction": "none"}),
             (nn.CosineEmbeddingLoss(0.1), F.cosine_embedding_loss, (a, b, sign[:, 0]),
              {"margin": 0.1}),
             (nn.MultiLabelSoftMarginLoss(), F.multi_label_soft_margin_loss,
              (a, (sign > 0).astype("float64")), {}),
             (nn.PoissonNLLLoss(full=True), F.poisson_nll_loss, (a, np.abs(b) * 3),
              {"full": True})]
    for layer, fn, args, kwargs in pairs:
        np.testing.assert_allclose(layer(*map(_t, args)).numpy(),
                                   fn(*map(_t, args), **kwargs).numpy(), rtol=1e-12)


def test_gaussian_nll_loss_values_grads_and_broadcast():
    a, b = rng.standard_normal((4, 3)), rng.standard_normal((4, 3))
    var = rng.uniform(0.2, 2.0, (4, 3))
    for full, red in ((False, "mean"), (True, "sum"), (True, "none")):
        got = nn.GaussianNLLLoss(full, reduction=red)(_t(a), _t(b), _t(var))
        np.testing.assert_allclose(got.numpy(), np_gaussian_nll(a, b, var, full, 1e-6, red),
                                   rtol=1e-7)
    v1 = var[:, :1]
    np.testing.assert_allclose(F.gaussian_nll_loss(_t(a), _t(b), _t(v1[:, 0])).numpy(),
                               np_gaussian_nll(a, b, v1), rtol=1e-12)
    np.testing.assert_allclose(F.gaussian_nll_loss(_t(a), _t(b[:, :1]), _t(v1)).numpy(),
                               np_gaussian_nll(a, b[:, :1], v1), rtol=1e-12)
    _check_grads(lambda x, y, v: F.gaussian_nll_loss(x, y, v, reduction="none"),
                 lambda x, y, v: np_gaussian_nll(x, y, v, reduction="none"), [a, b, var])
    with pytest.raises(ValueError, match="variance"):
        F.gaussian_nll_loss(_t(a), _t(b), _t(-var))
    with pytest.raises(ValueError, match="variance of shape"):
        F.gaussian_nll_loss(_t(a), _t(b), _t(var[:2]))
    with pytest.raises(ValueError, match="label of shape"):
        F.gaussian_nll_loss(_t(a), _t(b[:, :2]), _t(var))


def test_multi_margin_loss_values_and_grads():
    a = rng.standard_normal((5, 4))
    label = np.array([0, 3, 1, 2, 3])
    w = rng.uniform(0.5, 2.0, 4)
    for p, margin, weight, red in ((1, 1.0, None, "mean"), (2, 0.5, w, "sum"),
                                   (1, 2.0, w, "none")):
        layer = nn.MultiMarginLoss(p, margin, None if weight is None else _t(weight), red)
        np.testing.assert_allclose(layer(_t(a), _t(label)).numpy(),
                                   np_multi_margin(a, label, p, margin, weight, red), rtol=1e-12)
    _check_grads(lambda x: F.multi_margin_loss(x, _t(label), p=2, weight=_t(w), reduction="none"),
                 lambda x: np_multi_margin(x, label, 2, 1.0, w, "none"), [a])
    with pytest.raises(ValueError, match="p to be 1 or 2"):
        F.multi_margin_loss(_t(a), _t(label), p=3)
    with pytest.raises(ValueError, match="2-D"):
        F.multi_margin_loss(_t(a[0]), _t(label))


def test_triplet_margin_with_distance_loss():
    a, b, c = (rng.standard_normal((6, 4)) for _ in range(3))
    np.testing.assert_allclose(
        nn.TripletMarginWithDistanceLoss(swap=True)(_t(a), _t(b), _t(c)).numpy(),
        np_triplet(a, b, c, swap=True), rtol=1e-10)

    def l1(x, y):
        return paddle.abs(x - y).sum(-1)
    got = F.triplet_margin_with_distance_loss(_t(a), _t(b), _t(c), l1, margin=0.5,
                                              reduction="none")
    want = np.maximum(np.abs(a - b).sum(-1) - np.abs(a - c).sum(-1) + 0.5, 0)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)
    _check_grads(lambda x, y: F.triplet_margin_with_distance_loss(x, y, _t(c), reduction="sum"),
                 lambda x, y: np_triplet(x, y, c, reduction="sum"), [a, b], rtol=1e-5)
    with pytest.raises(TypeError, match="callable"):
        F.triplet_margin_with_distance_loss(_t(a), _t(b), _t(c), distance_function=3)
    with pytest.raises(ValueError, match="margin >= 0"):
        F.triplet_margin_with_distance_loss(_t(a), _t(b), _t(c), margin=-1.0)


def test_alpha_dropout_and_dropout3d():
    a = rng.standard_normal((40, 50)).astype("float32")
    layer = nn.AlphaDropout(0.2)
    layer.eval()
    np.testing.assert_array_equal(layer(_t(a)).numpy(), a)
    layer.train()
    out = layer(_t(a)).numpy()
    alpha_p = -1.6732632423543772 * 1.0507009873554805
    scale = ((1 - 0.2) * (1 + 0.2 * alpha_p ** 2)) ** -0.5
    dropped_value, kept = scale * alpha_p - scale * alpha_p * 0.2, scale * a - scale * alpha_p * 0.2
    dropped = np.isclose(out, dropped_value, atol=1e-5) & ~np.isclose(out, kept, atol=1e-5)
    assert 0.1 < dropped.mean() < 0.3
    np.testing.assert_allclose(out[~dropped], kept[~dropped], rtol=1e-5, atol=1e-5)
    s = rng.standard_normal((200000,)).astype("float32")
    o = F.alpha_dropout(_t(s), 0.3).numpy()
    assert abs(o.mean()) < 0.02 and abs(o.std() - 1) < 0.02  # SELU's fixed point kept
    v = rng.standard_normal((4, 6, 2, 3, 3)).astype("float32")
    for fmt, axes in (("NCDHW", (2, 3, 4)), ("NDHWC", (1, 2, 3))):
        o = nn.Dropout3D(0.5, fmt)(_t(v)).numpy()
        ratio = o / v
        assert np.allclose(ratio, ratio.max(axis=axes, keepdims=True))  # whole channels
        assert set(np.unique(np.round(ratio, 5))) <= {0.0, 2.0}
    d = nn.Dropout3D()
    d.eval()
    np.testing.assert_array_equal(d(_t(v)).numpy(), v)
    with pytest.raises(ValueError, match="5-D"):
        F.dropout3d(_t(a))
    with pytest.raises(ValueError, match="p to be a number"):
        nn.AlphaDropout(1.5)


def test_layers_in_static_program_with_unknown_batch():
    a = rng.standard_normal((3, 4, 4, 4)).astype("float32")
    b = rng.standard_normal((3, 5)).astype("float32")
    lab = np.array([1, 0, 4], "int64")

    def build(x, y, label):
        return [nn.Maxout(2)(x), nn.Softmax2D()(x), nn.PixelUnshuffle(2)(x),
                nn.AdaptiveMaxPool1D(2)(y.unsqueeze(1)), nn.MultiMarginLoss()(y, label),
                nn.GaussianNLLLoss()(y, y * 0.5, paddle.abs(y) + 0.1), nn.Unflatten(1, [2, 2])(x),
                F.alpha_dropout(y, 0.5), F.dropout3d(x.unsqueeze(2), 0.5)]
    outs = _run_static(build, {"x": a, "y": b, "label": lab},
                       {"x": [-1, 4, 4, 4], "y": [-1, 5], "label": [-1]})
    np.testing.assert_allclose(outs[0], np_maxout(a, 2), rtol=1e-6)
    np.testing.assert_allclose(outs[1], _softmax(a, 1), rtol=1e-5)
    np.testing.assert_allclose(outs[2], np_pixel_unshuffle(a, 2), rtol=1e-6)
    np.testing.assert_allclose(outs[3][:, 0], np_adaptive_max_pool1d(b, 2), rtol=1e-6)
    np.testing.assert_allclose(outs[4], np_multi_margin(b, lab), rtol=1e-5)
    np.testing.assert_allclose(outs[5], np_gaussian_nll(b, b * 0.5, np.abs(b) + 0.1),
                               rtol=1e-5)
    assert outs[6].shape == (3, 2, 2, 4, 4)
    assert outs[7].shape == b.shape and outs[8].shape == (3, 4, 1, 4, 4)
    kept = outs[8][:, :, 0] / a  # whole channels: 0 or 2
    assert np.allclose(kept, kept[:, :, :1, :1]) and set(np.round(kept, 5).ravel()) <= {0.0, 2.0}


def test_layer_constructor_errors():
    with pytest.raises(ValueError, match="reduction"):
        nn.MarginRankingLoss(reduction="avg")
    with pytest.raises(ValueError, match="data_format"):
        nn.Dropout3D(data_format="NCHW")
    with pytest.raises(ValueError, match="downscale_factor"):
        nn.PixelUnshuffle(0)
    with pytest.raises(ValueError, match="3-D or 4-D"):
        nn.Softmax2D()(_t(np.ones((2, 3), "float32")))
    with pytest.raises(ValueError, match="margin in"):
        nn.CosineEmbeddingLoss(margin=2)


# ---- initializers -----------------------------------------------------------------------------
def test_dirac_and_bilinear_initializers_eager_and_static():
    init = paddle.nn.initializer
    w = paddle.create_parameter([6, 2, 3, 3], "float32", default_initializer=init.Dirac(2))
    want = np.zeros((6, 2, 3, 3), "float32")
    for g in range(2):
        for i in range(2):
            want[g * 3 + i, i, 1, 1] = 1.0
    np.testing.assert_array_equal(w.numpy(), want)
    conv = nn.Conv1D(3, 3, 3, padding=1, weight_attr=paddle.ParamAttr(initializer=init.Dirac()),
                     bias_attr=False)
    x = rng.standard_normal((2, 3, 5)).astype("float32")
    np.testing.assert_allclose(conv(_t(x)).numpy(), x, rtol=1e-6)  # identity convolution
    size = 4
    f = math.ceil(size / 2)
    c = (2 * f - 1 - f % 2) / (2 * f)
    i = np.arange(2 * size * size)
    bil = ((1 - np.abs(i % size / f - c)) * (1 - np.abs(i / size % size / f - c)))
    bil = bil.reshape(2, 1, size, size)
    w = paddle.create_parameter([2, 1, 4, 4], "float32", default_initializer=init.Bilinear())
    np.testing.assert_allclose(w.numpy(), bil, rtol=1e-6)
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            p = paddle.static.create_parameter([2, 1, 4, 4], "float32",
                                               default_initializer=init.Bilinear())
            q = paddle.static.create_parameter([4, 2, 3], "float32",
                                               default_initializer=init.Dirac(2))
        exe = paddle.static.Executor()
        with paddle.static.scope_guard(paddle.static.Scope()):
            exe.run(startup)
            got_p, got_q = exe.run(main, fetch_list=[p, q])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got_p, bil, rtol=1e-6)
    assert got_q[0, 0, 1] == 1 and got_q[3, 1, 1] == 1 and got_q.sum() == 4
    with pytest.raises(ValueError, match="shape\\[2\\] == shape\\[3\\]"):
        paddle.create_parameter([1, 1, 3, 4], "float32", default_initializer=init.Bilinear())
    with pytest.raises(ValueError, match="divisible"):
        paddle.create_parameter([3, 1, 3], "float32", default_initializer=init.Dirac(2))


# ---- paddle.nn.utils ------------------------------------------------------------------------
def _with_grads(grads):
    params = []
    for g in grads:
        p = paddle.create_parameter(list(g.shape), "float64")
        (p * _t(g)).sum().backward()
        params.append(p)
    return params


def test_clip_grad_norm_and_value():
    grads = [rng.standard_normal((3, 4)), rng.standard_normal((5,))]
    params = _with_grads(grads)
    total = nn.utils.clip_grad_norm_(params, 1.0)
    norm = math.sqrt(sum((g ** 2).sum() for g in grads))
    np.testing.assert_allclose(float(total), norm, rtol=1e-10)
    for p, g in zip(params, grads):
        np.testing.assert_allclose(p.grad.numpy(), g * 1.0 / (norm + 1e-6), rtol=1e-10)
    params = _with_grads(grads)
    total = nn.utils.clip_grad_norm_(params, 100.0, norm_type=float("inf"))
    np.testing.assert_allclose(float(total), max(np.abs(g).max() for g in grads))
    np.testing.assert_array_equal(params[0].grad.numpy(), grads[0])  # under max_norm: kept
    nn.utils.clip_grad_value_(params, 0.5)
    np.testing.assert_array_equal(params[1].grad.numpy(), np.clip(grads[1], -0.5, 0.5))
    bad = _with_grads([np.array([np.inf, 1.0])])
    with pytest.raises(RuntimeError, match="finite"):
        nn.utils.clip_grad_norm_(bad, 1.0, error_if_nonfinite=True)
    with pytest.raises(TypeError, match="parameters"):
        nn.utils.clip_grad_norm_(3, 1.0)


def test_parameters_vector_round_trip():
    layer = nn.Linear(3, 2)
    vec = nn.utils.parameters_to_vector(layer.parameters())
    want = np.concatenate([layer.weight.numpy().ravel(), layer.bias.numpy().ravel()])
    np.testing.assert_array_equal(vec.numpy(), want)
    new = np.arange(8, dtype="float32")
    nn.utils.vector_to_parameters(_t(new), layer.parameters())
    np.testing.assert_array_equal(layer.weight.numpy(), new[:6].reshape(3, 2))
    np.testing.assert_array_equal(layer.bias.numpy(), new[6:])
    with pytest.raises(ValueError, match="8 elements"):
        nn.utils.vector_to_parameters(_t(new[:5]), layer.parameters())


def test_weight_norm_forward_grads_and_removal():
    layer = nn.Linear(3, 4)
    w0 = layer.weight.numpy().copy()
    nn.utils.weight_norm(layer, dim=0)
    names = [n for n, _ in layer.named_parameters()]
    assert "weight" not in names and {"weight_g", "weight_v"} <= set(names)
    np.testing.assert_allclose(layer.weight_g.numpy(), np.linalg.norm(w0, axis=1), rtol=1e-6)
    x = rng.standard_normal((2, 3)).astype("float32")
    np.testing.assert_allclose(layer(_t(x)).numpy(), x @ w0 + layer.bias.numpy(), rtol=1e-5,
                               atol=1e-6)
    layer.weight_g.set_value(np.full([3], 2.0, "float32"))
    out = layer(_t(x))
    v = layer.weight_v.numpy()
    w = 2.0 * v / np.linalg.norm(v, axis=1, keepdims=True)
    np.testing.assert_allclose(out.numpy(), x @ w + layer.bias.numpy(), rtol=1e-5, atol=1e-6)
    out.sum().backward()
    # d sum(x @ (g * u)) / dg_i = sum_j (x^T 1)_i u_ij
    u = v / np.linalg.norm(v, axis=1, keepdims=True)
    np.testing.assert_allclose(layer.weight_g.grad.numpy(), (x.sum(0)[:, None] * u).sum(1),
                               rtol=1e-5)
    nn.utils.remove_weight_norm(layer)
    assert sorted(n for n, _ in layer.named_parameters()) == ["bias", "weight"]
    np.testing.assert_allclose(layer.weight.numpy(), w, rtol=1e-6)
    whole = nn.utils.weight_norm(nn.Linear(3, 4), dim=None)
    assert whole.weight_g.shape == [1]
    with pytest.raises(ValueError, match="found none"):
        nn.utils.remove_weight_norm(layer)
    with pytest.raises(ValueError, match="named 'kernel'"):
        nn.utils.weight_norm(nn.Linear(2, 2), name="kernel")
    with pytest.raises(ValueError, match="dim"):
        nn.utils.weight_norm(nn.Linear(2, 2), dim=2)
    conv = nn.utils.weight_norm(nn.Conv2D(2, 3, 3))
    assert conv.weight_g.shape == [3] and conv(_t(np.ones((1, 2, 4, 4), "float32"))).shape == \
        [1, 3, 2, 2]
    assert sorted(conv.state_dict()) == ["bias", "weight_g", "weight_v"]
    paddle.enable_static()
    try:
        with pytest.raises(RuntimeError, match="dynamic mode"):
            nn.utils.weight_norm(conv, name="bias")
    finally:
        paddle.disable_static()


# ---- paddle.io -------------------------------------------------------------------------------
class _Range(io.Dataset):
    def __init__(self, lo, hi):
        self.values = list(range(lo, hi))

    def __getitem__(self, i):
        return self.values[i]

    def __len__(self):
        return len(self.values)


def test_concat_dataset_and_samplers():
    ds = io.ConcatDataset([_Range(0, 3), _Range(10, 12), _Range(20, 24)])
    assert len(ds) == 9 and ds.cumulative_sizes == [3, 5, 9]
    assert [ds[i] for i in range(9)] == [0, 1, 2, 10, 11, 20, 21, 22, 23]
    assert ds[-1] == 23 and ds[-9] == 0
    with pytest.raises(ValueError, match="index"):
        ds[-10]
    with pytest.raises(TypeError, match="IterableDataset"):
        io.ConcatDataset([io.IterableDataset()])
    loader = io.DataLoader(ds, batch_size=4)
    assert len(loader) == 3
    np.random.seed(3)
    draws = list(io.WeightedRandomSampler([0.0, 1.0, 3.0], 4000))
    assert set(draws) == {1, 2} and abs(draws.count(2) / 4000 - 0.75) < 0.03
    once = list(io.WeightedRandomSampler(np.array([1.0, 1.0, 1.0, 0.0]), 3, replacement=False))
    assert sorted(once) == [0, 1, 2]
    with pytest.raises(ValueError, match="non-zero weights"):
        io.WeightedRandomSampler([1.0, 0.0], 2, replacement=False)
    with pytest.raises(ValueError, match="num_samples"):
        io.WeightedRandomSampler([1.0], 0)
    sub = io.SubsetRandomSampler([7, 3, 9, 4])
    assert len(sub) == 4 and sorted(sub) == [3, 4, 7, 9]
    assert list(io.SubsetRandomSampler([5, 6, 8], generator=1)) == \
        list(io.SubsetRandomSampler([5, 6, 8], generator=1))
    with pytest.raises(ValueError, match="non-empty"):
        io.SubsetRandomSampler([])
    assert io.get_worker_info() is None


def test_set_global_initializer():
    """Parameters created after set_global_initializer take its initializers (weights and
    biases apart) over the layers' defaults, a ParamAttr's initializer still wins, and
    set_global_initializer(None) restores the defaults; eager and static."""
    init = paddle.nn.initializer
    init.set_global_initializer(init.Constant(0.5), init.Constant(0.25))
    try:
        lin = paddle.nn.Linear(2, 3)
        np.testing.assert_array_equal(lin.weight.numpy(), np.full((2, 3), 0.5, "float32"))
        np.testing.assert_array_equal(lin.bias.numpy(), np.full((3,), 0.25, "float32"))
        own = paddle.nn.Linear(2, 3, weight_attr=paddle.ParamAttr(
            initializer=init.Constant(2.0)))
        np.testing.assert_array_equal(own.weight.numpy(), np.full((2, 3), 2.0, "float32"))
        np.testing.assert_array_equal(own.bias.numpy(), np.full((3,), 0.25, "float32"))
        paddle.enable_static()
        try:
            main, startup = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, startup):
                x = paddle.static.data("x", [None, 2], "float32")
                y = paddle.static.nn.fc(x, 3)
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            out, = exe.run(main, feed={"x": np.ones((1, 2), "float32")}, fetch_list=[y])
            np.testing.assert_allclose(out, np.full((1, 3), 1.25), rtol=1e-6)
        finally:
            paddle.disable_static()
        with pytest.raises(TypeError, match="weight_init of set_global_initializer"):
            init.set_global_initializer("uniform")
    finally:
        init.set_global_initializer(None)
    lin = paddle.nn.Linear(2, 3)  # the defaults again: Xavier weights, zero bias
    assert np.any(lin.weight.numpy() != 0.5)
    np.testing.assert_array_equal(lin.bias.numpy(), np.zeros(3, "float32"))


def test_orthogonal_initializer():
    """Orthogonal: the parameter viewed as [shape[0], prod(shape[1:])] has orthonormal rows or
    columns (whichever are fewer) times gain, in eager and static mode; paddle.seed repeats it."""
    init = paddle.nn.initializer

    def check(w, gain):
        m = w.reshape(w.shape[0], -1).astype("float64")
        small = m @ m.T if m.shape[0] <= m.shape[1] else m.T @ m
        np.testing.assert_allclose(small, gain ** 2 * np.eye(small.shape[0]), atol=1e-5)

    for shape in ([8, 4], [4, 8], [5, 5]):
        lin = paddle.nn.Linear(*shape, weight_attr=paddle.ParamAttr(
            initializer=init.Orthogonal()))
        check(lin.weight.numpy(), 1.0)
    conv = paddle.nn.Conv2D(2, 6, 3, weight_attr=paddle.ParamAttr(
        initializer=init.Orthogonal(gain=2.0)))
    check(conv.weight.numpy(), 2.0)
    paddle.seed(7)
    a = paddle.nn.Linear(6, 3, weight_attr=paddle.ParamAttr(initializer=init.Orthogonal()))
    paddle.seed(7)
    b = paddle.nn.Linear(6, 3, weight_attr=paddle.ParamAttr(initializer=init.Orthogonal()))
    np.testing.assert_array_equal(a.weight.numpy(), b.weight.numpy())
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            y = paddle.static.nn.fc(x, 7, weight_attr=paddle.ParamAttr(
                name="orth_w", initializer=init.Orthogonal(gain=0.5)))
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        check(np.asarray(paddle.static.global_scope().find_var("orth_w").get_tensor()), 0.5)
    finally:
        paddle.disable_static()
    with pytest.raises(ValueError, match="at least 2 dims"):
        paddle.nn.Linear(2, 3, bias_attr=paddle.ParamAttr(initializer=init.Orthogonal()))
    with pytest.raises(TypeError, match="gain"):
        init.Orthogonal(gain="1")
