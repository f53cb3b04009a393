"""The tensor and functional APIs static scripts use, each checked against NumPy through a
real program run."""
import math

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F

paddle.enable_static()
rng = np.random.default_rng(3)


def run(build, feeds):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        vars_ = {name: paddle.static.data(name, list(v.shape), str(v.dtype)) for name, v in feeds.items()}
        outs = build(**vars_)
    outs = outs if isinstance(outs, (list, tuple)) else [outs]
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        return exe.run(main, feed=feeds, fetch_list=list(outs))


X = rng.uniform(-2, 2, (2, 3, 4)).astype("float32")
P = rng.uniform(0.5, 2, (2, 3, 4)).astype("float32")


@pytest.mark.parametrize("fn,ref", [
    (lambda x: paddle.exp(x), np.exp),
    (lambda x: paddle.tanh(x), np.tanh),
    (lambda x: paddle.abs(x), np.abs),
    (lambda x: paddle.clip(x, -1.0, 0.5), lambda x: np.clip(x, -1.0, 0.5)),
    (lambda x: paddle.scale(x, 2.0, 1.0), lambda x: 2 * x + 1),
    (lambda x: paddle.sum(x), lambda x: np.array(x.sum())),
    (lambda x: paddle.sum(x, axis=1), lambda x: x.sum(1)),
    (lambda x: paddle.mean(x, axis=[0, 2], keepdim=True), lambda x: x.mean((0, 2), keepdims=True)),
    (lambda x: paddle.max(x, axis=-1), lambda x: x.max(-1)),
    (lambda x: paddle.min(x), lambda x: np.array(x.min())),
    (lambda x: paddle.reshape(x, [4, -1]), lambda x: x.reshape(4, -1)),
    (lambda x: paddle.transpose(x, [2, 0, 1]), lambda x: x.transpose(2, 0, 1)),
    (lambda x: paddle.flatten(x), lambda x: x.reshape(-1)),
    (lambda x: paddle.flatten(x, 1, 2), lambda x: x.reshape(2, 12)),
    (lambda x: paddle.unsqueeze(x, [0, 2]), lambda x: x[None, :, None]),
    (lambda x: paddle.squeeze(paddle.unsqueeze(x, 1), 1), lambda x: x),
    (lambda x: paddle.concat([x, x * 2.0], axis=1), lambda x: np.concatenate([x, 2 * x], 1)),
    (lambda x: paddle.stack([x, x], axis=0), lambda x: np.stack([x, x])),
    (lambda x: paddle.split(x, [1, 3], axis=2)[1], lambda x: x[:, :, 1:]),
    (lambda x: paddle.split(x, 3, axis=1)[2], lambda x: x[:, 2:3]),
    (lambda x: paddle.slice(x, [1, 2], [0, 1], [2, 3]), lambda x: x[:, 0:2, 1:3]),
    (lambda x: paddle.cast(x, "int64"), lambda x: x.astype("int64")),
    (lambda x: paddle.argmax(x, axis=1), lambda x: x.argmax(1)),
    (lambda x: paddle.topk(x, 2)[0], lambda x: -np.sort(-x, -1)[..., :2]),
    (lambda x: x[1], lambda x: x[1]),
    (lambda x: x[:, 1:, 2], lambda x: x[:, 1:, 2]),
    (lambda x: x[..., 0], lambda x: x[..., 0]),
    (lambda x: F.relu6(x * 4.0), lambda x: np.clip(4 * x, 0, 6)),
    (lambda x: F.sigmoid(x), lambda x: 1 / (1 + np.exp(-x))),
    (lambda x: F.softmax(x, axis=1), lambda x: np.exp(x) / np.exp(x).sum(1, keepdims=True)),
    (lambda x: F.log_softmax(x), lambda x: x - np.log(np.exp(x).sum(-1, keepdims=True))),
    (lambda x: F.gelu(x), lambda x: 0.5 * x * (1 + np.vectorize(math.erf)(x / np.sqrt(2)))),
    (lambda x: paddle.full([2, 2], 3.5), lambda x: np.full((2, 2), 3.5, "float32")),
    (lambda x: paddle.zeros([3], "int64"), lambda x: np.zeros(3, "int64")),
    (lambda x: paddle.ones_like(x), np.ones_like),
])
def test_unary_api(fn, ref):
    (got,) = run(lambda x: fn(x), {"x": X})
    want = ref(X)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_binary_api_and_pow_sqrt_log():
    got = run(lambda x, p: [paddle.add(x, p), paddle.subtract(x, p), paddle.multiply(x, p),
                            paddle.divide(x, p), paddle.maximum(x, p), paddle.minimum(x, p),
                            paddle.pow(p, 2.0), paddle.sqrt(p), paddle.log(p),
                            paddle.matmul(x, paddle.transpose(p, [0, 2, 1]))], {"x": X, "p": P})
    want = [X + P, X - P, X * P, X / P, np.maximum(X, P), np.minimum(X, P), P ** 2, np.sqrt(P),
            np.log(P), X @ P.transpose(0, 2, 1)]
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)


def test_gather_one_hot_pooling_layer_norm():
    idx = np.array([1, 0], "int64")
    img = rng.uniform(-1, 1, (2, 3, 6, 6)).astype("float32")
    got = run(lambda x, i, m: [paddle.gather(x, i), F.one_hot(i, 4),
                               F.max_pool2d(m, 2, 2), F.avg_pool2d(m, 3, 3),
                               F.adaptive_avg_pool2d(m, 1), F.layer_norm(m, [6, 6])],
              {"x": X, "i": idx, "m": img})
    np.testing.assert_allclose(got[0], X[idx])
    np.testing.assert_array_equal(got[1], np.eye(4, dtype="float32")[idx])
    np.testing.assert_allclose(got[2], img.reshape(2, 3, 3, 2, 3, 2).max((3, 5)), rtol=1e-6)
    np.testing.assert_allclose(got[3], img.reshape(2, 3, 2, 3, 2, 3).mean((3, 5)), rtol=1e-5)
    np.testing.assert_allclose(got[4], img.mean((2, 3), keepdims=True), rtol=1e-5)
    mu = img.mean((2, 3), keepdims=True)
    var = img.var((2, 3), keepdims=True)
    np.testing.assert_allclose(got[5], (img - mu) / np.sqrt(var + 1e-5), rtol=1e-4, atol=1e-5)


def test_losses_and_accuracy():
    logits = rng.normal(size=(5, 4)).astype("float32")
    label = np.array([[0], [3], [1], [1], [2]], "int64")
    target = rng.normal(size=(5, 4)).astype("float32")
    got = run(lambda z, y, t: [F.cross_entropy(z, y), F.mse_loss(z, t), F.square_error_cost(z, t),
                               paddle.metric.accuracy(F.softmax(z), y)],
              {"z": logits, "y": label, "t": target})
    logp = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    np.testing.assert_allclose(got[0], -logp[np.arange(5), label[:, 0]].mean(), rtol=1e-5)
    np.testing.assert_allclose(got[1], ((logits - target) ** 2).mean(), rtol=1e-5)
    np.testing.assert_allclose(got[2], (logits - target) ** 2, rtol=1e-5)
    np.testing.assert_allclose(got[3], (logits.argmax(1) == label[:, 0]).mean(), rtol=1e-6)


def test_comparisons():
    got = run(lambda x, p: [x < p, x >= p, x == x, paddle.logical_not(x > p)], {"x": X, "p": P})
    for g, w in zip(got, [X < P, X >= P, X == X, ~(X > P)]):
        np.testing.assert_array_equal(g, w)
