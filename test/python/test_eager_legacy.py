"""Eager mode: F.local_response_norm / nn.LocalResponseNorm forward and x.grad against NumPy
(central differences of PaddlePaddle's formula), ClipGradByNorm through the clip_by_norm op,
paddle.cast to every dtype, softmax on every axis."""
import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from test_ops_legacy import LRN_API_CASES, np_clip_by_norm, np_local_response_norm, np_softmax

rng = np.random.default_rng(43)


def numeric_grad(f, x, weights, eps=1e-6):
    grad = np.zeros_like(x)
    flat = grad.reshape(-1)
    for i in range(x.size):
        hi, lo = x.copy(), x.copy()
        hi.reshape(-1)[i] += eps
        lo.reshape(-1)[i] -= eps
        flat[i] = (np.sum(f(hi) * weights) - np.sum(f(lo) * weights)) / (2 * eps)
    return grad


@pytest.mark.parametrize("shape,data_format", LRN_API_CASES)
@pytest.mark.parametrize("size", [2, 3])
def test_local_response_norm_eager_forward_and_grad(shape, data_format, size):
    data = rng.uniform(-2, 2, shape)
    last = data_format[-1] == "C"
    x = paddle.to_tensor(data, stop_gradient=False)
    out = F.local_response_norm(x, size, alpha=0.3, beta=0.6, k=1.2, data_format=data_format)
    # alpha, beta and k travel as float32 attributes, as in PaddlePaddle
    np.testing.assert_allclose(out.numpy(), np_local_response_norm(data, size, 0.3, 0.6, 1.2,
                                                                   last), rtol=1e-7)
    weights = rng.uniform(-1, 1, shape)
    (out * paddle.to_tensor(weights)).sum().backward()
    want = numeric_grad(lambda a: np_local_response_norm(a, size, 0.3, 0.6, 1.2, last), data,
                        weights)
    np.testing.assert_allclose(x.grad.numpy(), want, rtol=1e-5, atol=1e-8)


def test_local_response_norm_layer_defaults_and_errors():
    data = rng.uniform(-2, 2, (2, 6, 3, 3)).astype("float32")
    layer = paddle.nn.LocalResponseNorm(5)
    assert "size=5" in repr(layer)
    np.testing.assert_allclose(layer(paddle.to_tensor(data)).numpy(),
                               np_local_response_norm(data.astype(np.float64), 5),
                               rtol=1e-5)
    x = paddle.to_tensor(data)
    with pytest.raises(ValueError, match="data_format"):
        F.local_response_norm(x, 3, data_format="NCWH")
    with pytest.raises(ValueError, match="rank >= 3"):
        F.local_response_norm(paddle.to_tensor(data[0, 0]), 3)
    with pytest.raises(ValueError, match="positive int"):
        F.local_response_norm(x, 0)


def test_clip_grad_by_norm_eager_runs_clip_by_norm():
    w0 = rng.uniform(-1, 1, (3, 2)).astype("float32")
    w = paddle.create_parameter([3, 2], "float32",
                                default_initializer=paddle.nn.initializer.Assign(w0))
    data = rng.uniform(-1, 1, (4, 3)).astype("float32")
    loss = paddle.sum(paddle.matmul(paddle.to_tensor(data), w) ** 2)
    loss.backward()
    grad = w.grad.numpy().copy()
    opt = paddle.optimizer.SGD(0.1, parameters=[w], grad_clip=paddle.nn.ClipGradByNorm(0.05))
    opt.step()
    np.testing.assert_allclose(w.numpy(), w0 - 0.1 * np_clip_by_norm(grad, 0.05), rtol=1e-5)
    g = paddle.to_tensor(grad)
    np.testing.assert_allclose(paddle.nn.clip.clip_by_norm(g, 1e3).numpy(), grad)


@pytest.mark.parametrize("dtype", ["bool", "uint8", "int8", "int16", "int32", "int64", "float16",
                                   "float32", "float64", "complex64", "complex128"])
def test_cast_eager_every_dtype(dtype):
    data = np.array([0.0, 1.0, 2.5, 7.0, 100.0])
    for src in ("float32", "int64", "bool", "int8", "complex128"):
        values = data.astype(src)
        got = paddle.cast(paddle.to_tensor(values), dtype).numpy()
        with np.errstate(all="ignore"):
            want = (values != 0 if dtype == "bool" else values.real.astype(dtype)) \
                if np.iscomplexobj(values) and not dtype.startswith("complex") \
                else values.astype(dtype)
        assert got.dtype == np.dtype(dtype)
        np.testing.assert_array_equal(got, want, err_msg=f"{src} -> {dtype}")


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
def test_softmax_eager_every_axis(rank):
    shape = (2, 3, 1, 2, 3)[:rank]
    data = rng.uniform(-2, 2, shape)
    for axis in range(-rank, rank):
        x = paddle.to_tensor(data, stop_gradient=False)
        out = F.softmax(x, axis=axis)
        want = np_softmax(data, axis)
        np.testing.assert_allclose(out.numpy(), want, rtol=1e-12)
        weights = rng.uniform(-1, 1, shape)
        (out * paddle.to_tensor(weights)).sum().backward()
        dot = np.sum(want * weights, axis=axis, keepdims=True)
        np.testing.assert_allclose(x.grad.numpy(), want * (weights - dot), rtol=1e-10,
                                   atol=1e-12)
