"""paddle.nn BCELoss / BCEWithLogitsLoss / SmoothL1Loss / KLDivLoss / NLLLoss and their
functionals: eager forward against NumPy for every reduction, input gradients against NumPy,
static mode giving the same values, and argument errors."""
import contextlib

import numpy as np
import pytest

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
from paddle.base import core

rng = np.random.default_rng(11)


def t(a, grad=False):
    x = paddle.to_tensor(a)
    if grad:
        x.stop_gradient = False
    return x


def reduce_np(loss, reduction):
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


@contextlib.contextmanager
def static_programs():
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    try:
        with paddle.static.scope_guard(core.Scope()), paddle.static.program_guard(main, startup):
            yield main, startup
    finally:
        paddle.disable_static()


def np_bce(p, y):
    return -(y * np.log(p) + (1 - y) * np.log(1 - p))


def np_bce_logits(x, y, pos_weight=None):
    w = 1.0 if pos_weight is None else (pos_weight - 1) * y + 1
    return (1 - y) * x + w * np.log1p(np.exp(-x))


def np_huber(x, y, delta):
    r = np.abs(y - x)
    return np.where(r <= delta, 0.5 * r * r, delta * (r - 0.5 * delta))


def np_nll(x, label, weight, ignore_index, reduction):
    w = np.ones(x.shape[1]) if weight is None else weight
    keep = label != ignore_index
    safe = np.where(keep, label, 0)
    picked = np.take_along_axis(np.moveaxis(x, 1, -1), safe[..., None], -1)[..., 0]
    wl = np.where(keep, w[safe], 0.0)
    loss = -wl * picked
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    return loss.sum() / wl.sum()


P = rng.uniform(0.05, 0.95, (4, 3))
Y = rng.uniform(0, 1, (4, 3))
LOGIT = rng.uniform(-3, 3, (4, 3))
W = rng.uniform(0.5, 1.5, (4, 3))
PW = rng.uniform(0.5, 2.0, (3,))


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_bce_losses_eager(reduction):
    got = nn.BCELoss(reduction=reduction)(t(P), t(Y)).numpy()
    np.testing.assert_allclose(got, reduce_np(np_bce(P, Y), reduction), rtol=1e-10)
    got = F.binary_cross_entropy(t(P), t(Y), weight=t(W), reduction=reduction).numpy()
    np.testing.assert_allclose(got, reduce_np(W * np_bce(P, Y), reduction), rtol=1e-10)
    got = nn.BCEWithLogitsLoss(reduction=reduction)(t(LOGIT), t(Y)).numpy()
    np.testing.assert_allclose(got, reduce_np(np_bce_logits(LOGIT, Y), reduction), rtol=1e-10)
    got = nn.BCEWithLogitsLoss(weight=t(W), reduction=reduction, pos_weight=t(PW))(
        t(LOGIT), t(Y)).numpy()
    np.testing.assert_allclose(got, reduce_np(W * np_bce_logits(LOGIT, Y, PW), reduction),
                               rtol=1e-10)


def test_bce_gradients():
    x = t(P, grad=True)
    F.binary_cross_entropy(x, t(Y), reduction="sum").backward()
    np.testing.assert_allclose(x.grad.numpy(), (P - Y) / (P * (1 - P)), rtol=1e-8)
    x = t(LOGIT, grad=True)
    F.binary_cross_entropy_with_logits(x, t(Y), reduction="mean").backward()
    sig = 1 / (1 + np.exp(-LOGIT))
    np.testing.assert_allclose(x.grad.numpy(), (sig - Y) / Y.size, rtol=1e-8)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_smooth_l1_loss(reduction):
    a = rng.uniform(-2, 2, (3, 5))
    b = rng.uniform(-2, 2, (3, 5))
    for delta in (0.5, 1.0):
        got = nn.SmoothL1Loss(reduction=reduction, delta=delta)(t(a), t(b)).numpy()
        np.testing.assert_allclose(got, reduce_np(np_huber(a, b, delta), reduction), rtol=1e-10)
        got = F.smooth_l1_loss(t(a), t(b), reduction, delta, is_huber=False).numpy()
        np.testing.assert_allclose(got, reduce_np(np_huber(a, b, delta) / delta, reduction),
                                   rtol=1e-10)
    x = t(a, grad=True)
    F.smooth_l1_loss(x, t(b), reduction="sum").backward()
    np.testing.assert_allclose(x.grad.numpy(), np.clip(a - b, -1, 1), rtol=1e-10)


@pytest.mark.parametrize("reduction", ["mean", "batchmean", "sum", "none"])
def test_kl_div(reduction):
    x = np.log(rng.uniform(0.1, 1, (4, 3)))
    y = rng.uniform(0.1, 1, (4, 3))
    loss = y * (np.log(y) - x)
    want = loss.sum() / 4 if reduction == "batchmean" else reduce_np(loss, reduction)
    np.testing.assert_allclose(nn.KLDivLoss(reduction)(t(x), t(y)).numpy(), want, rtol=1e-10)
    logy = np.log(y)
    got = F.kl_div(t(x), t(logy), reduction=reduction, log_target=True).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-10)
    xt = t(x, grad=True)
    F.kl_div(xt, t(y), reduction="sum").backward()
    np.testing.assert_allclose(xt.grad.numpy(), -y, rtol=1e-10)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_nll_loss(reduction):
    x = np.log(rng.uniform(0.05, 1, (5, 4)))
    label = np.array([0, 3, 1, -100, 2], "int64")
    w = rng.uniform(0.5, 2, 4)
    got = nn.NLLLoss(reduction=reduction)(t(x), t(label)).numpy()
    np.testing.assert_allclose(got, np_nll(x, label, None, -100, reduction), rtol=1e-10)
    got = F.nll_loss(t(x), t(label), weight=t(w), reduction=reduction).numpy()
    np.testing.assert_allclose(got, np_nll(x, label, w, -100, reduction), rtol=1e-10)
    x4 = np.log(rng.uniform(0.05, 1, (2, 3, 2, 2)))
    l4 = rng.integers(0, 3, (2, 2, 2)).astype("int64")
    got = F.nll_loss(t(x4), t(l4), ignore_index=1, reduction=reduction).numpy()
    np.testing.assert_allclose(got, np_nll(x4, l4, None, 1, reduction), rtol=1e-10)
    xt = t(x, grad=True)
    F.nll_loss(xt, t(label), reduction="sum").backward()
    want = np.zeros_like(x)
    for i, l in enumerate(label):
        if l >= 0:
            want[i, l] = -1.0
    np.testing.assert_allclose(xt.grad.numpy(), want)


def test_losses_in_static_mode_match_eager():
    x = np.log(rng.uniform(0.05, 1, (5, 4))).astype("float32")
    label = np.array([0, 3, 1, 2, 2], "int64")
    p = P.astype("float32")
    y = Y.astype("float32")
    logit = LOGIT.astype("float32")
    want = [nn.NLLLoss()(t(x), t(label)).numpy(), nn.BCELoss()(t(p), t(y)).numpy(),
            nn.BCEWithLogitsLoss(pos_weight=t(PW.astype("float32")))(t(logit), t(y)).numpy(),
            nn.SmoothL1Loss(reduction="sum")(t(logit), t(y)).numpy(),
            nn.KLDivLoss("batchmean")(t(x), t(np.exp(x))).numpy()]
    with static_programs() as (main, startup):
        dx = paddle.static.data("x", [None, 4], "float32")
        dl = paddle.static.data("label", [None], "int64")
        dp = paddle.static.data("p", [None, 3], "float32")
        dy = paddle.static.data("y", [None, 3], "float32")
        dz = paddle.static.data("z", [None, 3], "float32")
        de = paddle.static.data("e", [None, 4], "float32")
        pw = paddle.static.data("pw", [3], "float32")
        outs = [nn.NLLLoss()(dx, dl), nn.BCELoss()(dp, dy),
                nn.BCEWithLogitsLoss(pos_weight=pw)(dz, dy),
                nn.SmoothL1Loss(reduction="sum")(dz, dy), nn.KLDivLoss("batchmean")(dx, de)]
        op_types = {op.type for op in main.global_block().ops}
        for op in ("nll_loss", "bce_loss", "sigmoid_cross_entropy_with_logits", "huber_loss",
                   "kldiv_loss"):
            assert op in op_types
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        got = exe.run(main, feed={"x": x, "label": label, "p": p, "y": y, "z": logit,
                                  "e": np.exp(x), "pw": PW.astype("float32")}, fetch_list=outs)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)
    assert paddle.in_dynamic_mode()


def test_loss_argument_errors():
    for make in (lambda: nn.BCELoss(reduction="avg"), lambda: nn.BCEWithLogitsLoss(reduction="x"),
                 lambda: nn.SmoothL1Loss(reduction="x"), lambda: nn.NLLLoss(reduction="x")):
        with pytest.raises(ValueError, match="expected reduction of"):
            make()
    with pytest.raises(ValueError, match="expected reduction of KLDivLoss in"):
        nn.KLDivLoss("avg")
    # Values are checked on the CPU (a GPU kernel gives NaN for them instead of reading device
    # memory back): the tensors are made there whatever the current device.
    on_cpu = lambda a: paddle.to_tensor(a, place="cpu")  # noqa: E731
    with pytest.raises(ValueError, match="expected nll_loss's Label values in"):
        F.nll_loss(on_cpu(np.zeros((2, 3), "float32")), on_cpu(np.array([0, 3], "int64")))
    with pytest.raises(ValueError, match=r"expected bce_loss's X values in \[0, 1\]"):
        F.binary_cross_entropy(on_cpu(np.array([1.5], "float32")),
                               on_cpu(np.array([1.0], "float32")))
    with pytest.raises(ValueError, match="expected bce_loss's X and Label to have the same dims"):
        F.binary_cross_entropy(t(P), t(Y[:2]))
    with pytest.raises(ValueError, match="expected smooth_l1_loss's delta > 0"):
        F.smooth_l1_loss(t(P), t(Y), delta=0.0)
