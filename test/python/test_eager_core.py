"""Eager (dygraph) core: to_tensor, Tensor properties and operators, ops run at once through
the C++ op-execution core, autograd from the op records' grad makers (checked against NumPy
and float64 central differences), paddle.grad, no_grad, in-place rules and typed errors."""
import numpy as np
import pytest

import paddle
from paddle.base import core

rng = np.random.default_rng(3)


def test_dynamic_mode_is_the_default():
    assert paddle.in_dynamic_mode()
    paddle.enable_static()
    try:
        assert not paddle.in_dynamic_mode()
    finally:
        paddle.disable_static()
    assert paddle.in_dynamic_mode()


def test_to_tensor_dtypes_and_properties():
    a = paddle.to_tensor([1.5, 2.0])
    assert a.dtype == paddle.float32 and a.shape == [2] and a.stop_gradient and a.is_leaf
    assert paddle.to_tensor([1, 2]).dtype == paddle.int64
    assert paddle.to_tensor(True).dtype == paddle.bool and paddle.to_tensor(True).shape == []
    assert paddle.to_tensor(np.ones(3, "float64")).dtype == paddle.float64  # arrays keep theirs
    s = paddle.to_tensor(np.float64(2.5))  # so do NumPy scalars (PaddlePaddle's rule), as 0-D
    assert s.dtype == paddle.float64 and s.shape == [] and s.item() == 2.5
    assert paddle.to_tensor(np.int32(7)).dtype == paddle.int32
    assert paddle.to_tensor([np.float64(1.0), 2.0]).dtype == paddle.float32  # a list: default
    assert paddle.to_tensor([1, 2], dtype="float32").dtype == paddle.float32
    b = paddle.to_tensor(np.arange(6, dtype="int32").reshape(2, 3))
    assert b.ndim == 2 and b.size == 6 and len(b) == 2
    np.testing.assert_array_equal(b.numpy(), np.arange(6).reshape(2, 3))
    assert paddle.to_tensor(3.5).item() == 3.5 and float(paddle.to_tensor([2.0])) == 2.0
    assert "shape=[2, 3]" in repr(b) and "int32" in repr(b)
    c = paddle.to_tensor(a)  # a copy
    c.set_value(np.array([7.0, 8.0]))
    np.testing.assert_array_equal(a.numpy(), [1.5, 2.0])
    with pytest.raises(ValueError, match=r"expected a value of shape \[2\]"):
        c.set_value(np.zeros(3))
    with pytest.raises(ValueError, match="one element"):
        b.item()


def test_operators_and_functions_run_eagerly():
    x = rng.normal(size=(3, 4)).astype("float32")
    y = rng.normal(size=(4, 2)).astype("float32")
    tx, ty = paddle.to_tensor(x), paddle.to_tensor(y)
    np.testing.assert_allclose((tx @ ty).numpy(), x @ y, rtol=1e-5)
    np.testing.assert_allclose((tx * 2.0 - 1.0).numpy(), x * 2 - 1, rtol=1e-6)
    np.testing.assert_allclose((1.0 - tx).numpy(), 1 - x, rtol=1e-6)
    np.testing.assert_allclose((-tx).abs().numpy(), np.abs(x))
    np.testing.assert_allclose(tx.mean(axis=1).numpy(), x.mean(1), rtol=1e-5)
    np.testing.assert_allclose(paddle.sum(tx).numpy(), x.sum(), rtol=1e-5)
    np.testing.assert_allclose(tx.reshape([4, 3]).numpy(), x.reshape(4, 3))
    np.testing.assert_array_equal((tx > 0).numpy(), x > 0)
    np.testing.assert_allclose(tx[1].numpy(), x[1])
    np.testing.assert_allclose(tx[:, 1:3].numpy(), x[:, 1:3])
    np.testing.assert_allclose(paddle.nn.functional.softmax(tx).numpy(),
                               np.exp(x) / np.exp(x).sum(1, keepdims=True), rtol=1e-5)
    assert [r.shape for r in tx] == [[4], [4], [4]]


def _numeric_grad(f, x, eps=1e-6):
    grad = np.zeros_like(x)
    flat, gflat = x.reshape(-1), grad.reshape(-1)
    for i in range(flat.size):
        old = flat[i]
        flat[i] = old + eps
        hi = f(x)
        flat[i] = old - eps
        lo = f(x)
        flat[i] = old
        gflat[i] = (hi - lo) / (2 * eps)
    return grad


def test_backward_matches_central_differences_in_float64():
    x0 = rng.normal(size=(3, 4))
    w0 = rng.normal(size=(4, 5))
    b0 = rng.normal(size=(5,))

    def loss_of(x, w, b):
        tx = paddle.to_tensor(x, stop_gradient=False)
        tw = paddle.to_tensor(w, stop_gradient=False)
        tb = paddle.to_tensor(b, stop_gradient=False)
        h = paddle.tanh(tx @ tw + tb)
        # x is used twice (a fan-out whose gradients must add up) and broadcasting is involved
        out = (h * h).sum() + (tx * 0.5).exp().mean() + paddle.nn.functional.relu(h).sum()
        return out, (tx, tw, tb)

    loss, (tx, tw, tb) = loss_of(x0, w0, b0)
    loss.backward()
    for t, arr, name in ((tx, x0, "x"), (tw, w0, "w"), (tb, b0, "b")):
        def f(a, name=name):
            args = {"x": x0, "w": w0, "b": b0}
            args[name] = a
            return float(loss_of(**args)[0].numpy())
        np.testing.assert_allclose(t.grad.numpy(), _numeric_grad(f, arr.copy()), rtol=1e-5,
                                   atol=1e-8, err_msg=name)


def test_gradients_accumulate_until_cleared():
    x = paddle.to_tensor([1.0, -2.0, 3.0], stop_gradient=False)
    (x * x).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [2.0, -4.0, 6.0])
    (x * 3.0).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [5.0, -1.0, 9.0])
    x.clear_grad()
    np.testing.assert_allclose(x.grad.numpy(), [0.0, 0.0, 0.0])
    x.clear_gradient(set_to_zero=False)
    assert x.grad is None


def test_stop_gradient_and_no_grad_cut_the_graph():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    c = paddle.to_tensor([3.0, 4.0])  # stop_gradient=True by default
    y = x * c
    assert not y.stop_gradient and not y.is_leaf
    with paddle.no_grad():
        z = x * c
    assert z.stop_gradient and z.is_leaf
    d = y.detach()
    assert d.stop_gradient
    (y.sum() + (d * x).sum()).backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0 + 3.0, 4.0 + 8.0])
    assert c.grad is None

    @paddle.no_grad()
    def f(t):
        return t * 2.0
    assert f(x).stop_gradient
    assert paddle.is_grad_enabled()


def test_paddle_grad_leaves_dot_grad_alone():
    x = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    h = x * x
    y = (h * x).sum()
    gx, gh = paddle.grad([y], [x, h], retain_graph=True)
    np.testing.assert_allclose(gx.numpy(), 3 * np.array([1.0, 2.0, 3.0]) ** 2)
    np.testing.assert_allclose(gh.numpy(), [1.0, 2.0, 3.0])
    assert x.grad is None
    unused = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(ValueError, match="allow_unused"):
        paddle.grad(y, [unused], retain_graph=True)
    assert paddle.grad(y, [unused], allow_unused=True, retain_graph=True) == [None]
    (g,) = paddle.grad(y, [x], create_graph=True)  # test_eager_double_grad.py goes further
    assert not g.stop_gradient and x.grad is None


def test_graph_is_freed_after_backward_unless_retained():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), [4.0, 8.0])
    with pytest.raises(RuntimeError, match="retain_graph"):
        y.backward()
    with pytest.raises(RuntimeError, match="stop_gradient is True"):
        paddle.to_tensor([1.0]).backward()


def test_custom_seed_gradient():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * 3.0
    y.backward(paddle.to_tensor([10.0, -1.0]))
    np.testing.assert_allclose(x.grad.numpy(), [30.0, -3.0])


def test_multi_output_op_with_an_unused_output():
    # split has two outputs; only one reaches the loss, the other's gradient reads as zeros.
    x = paddle.to_tensor(np.arange(6, dtype="float32").reshape(2, 3), stop_gradient=False)
    a, b = paddle.split(x, 2, axis=0)
    (a * 2.0).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [[2, 2, 2], [0, 0, 0]])


def test_integer_results_need_no_gradient():
    x = paddle.to_tensor([1.0, 5.0, 3.0], stop_gradient=False)
    idx = paddle.argmax(x)
    assert idx.stop_gradient
    assert (x > 2.0).stop_gradient


def test_in_place_through_the_api():
    x = paddle.to_tensor([1.0, -2.0], stop_gradient=False)
    with pytest.raises(RuntimeError, match="cannot be changed in place"):
        paddle.base.eager.trace_op("scale", {"X": [x]}, {"Out": [x]}, {"scale": 2.0})
    # On a non-leaf the tensor takes the new value; gradients flow through the old one.
    y = x * 1.0
    paddle.base.eager.trace_op("scale", {"X": [y]}, {"Out": [y]}, {"scale": 3.0})
    np.testing.assert_allclose(y.numpy(), [3.0, -6.0])
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0, 3.0])
    # Without autograd an in-place op writes the same storage (a detached view sees it).
    z = paddle.to_tensor([1.0, 2.0])
    view = z.detach()
    paddle.base.eager.trace_op("scale", {"X": [z]}, {"Out": [z]}, {"scale": 5.0})
    np.testing.assert_allclose(view.numpy(), [5.0, 10.0])


def test_errors_are_typed_and_leave_the_runtime_usable():
    x = paddle.to_tensor(np.ones((2, 3), "float32"))
    y = paddle.to_tensor(np.ones((4, 5), "float32"))
    with pytest.raises(ValueError, match="expected"):
        x @ y
    paddle.enable_static()
    try:
        v = paddle.static.data("v", [2], "float32")
    finally:
        paddle.disable_static()
    with pytest.raises(TypeError, match="static Variable 'v'"):
        paddle.add(x, v)
    with pytest.raises(TypeError, match="expected a Tensor"):
        paddle.base.eager.trace_op("relu", {"X": [np.ones(2)]}, {"Out": [x]}, {})
    with pytest.raises(KeyError, match="registered op type"):
        core.eager_run_op("no_such_op", {}, {}, {})
    np.testing.assert_allclose((x + 1.0).numpy(), np.full((2, 3), 2.0))  # still usable


def test_state_written_in_place_stays_a_constant_leaf():
    # batch_norm's running statistics: MeanOut/VarianceOut are the Mean/Variance tensors.
    mean = paddle.to_tensor(np.zeros(2, "float32"))
    var = paddle.to_tensor(np.ones(2, "float32"))
    scale = paddle.to_tensor(np.ones(2, "float32"), stop_gradient=False)
    bias = paddle.to_tensor(np.zeros(2, "float32"), stop_gradient=False)
    T = paddle.base.eager.Tensor
    x_all = rng.uniform(size=(2, 3, 2, 2, 2)).astype("float32")
    want_mean = np.zeros(2)
    for step in range(2):
        x, y = paddle.to_tensor(x_all[step]), T()
        paddle.base.eager.trace_op(
            "batch_norm", {"X": [x], "Scale": [scale], "Bias": [bias], "Mean": [mean], "Variance": [var]},
            {"Y": [y], "MeanOut": [mean], "VarianceOut": [var], "SavedMean": [T()], "SavedVariance": [T()]},
            {"momentum": 0.9})
        assert mean.stop_gradient and mean.is_leaf and var.stop_gradient and var.is_leaf
        (y * y).sum().backward()  # the second step must not reach the first step's freed graph
        want_mean = 0.9 * want_mean + 0.1 * x_all[step].mean(axis=(0, 2, 3))
        np.testing.assert_allclose(mean.numpy(), want_mean, rtol=1e-5)
    assert scale.grad is not None and mean.grad is None


def test_register_hook_on_leaf_and_intermediate():
    x = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    seen = []
    handle = x.register_hook(lambda g: seen.append(g.numpy().copy()) or g * 2)
    y = x * x
    y.register_hook(lambda g: g + 1)  # dL/dy becomes 2 everywhere
    y.sum().backward()
    np.testing.assert_allclose(seen[0], 4 * np.array([1.0, 2.0, 3.0]))
    np.testing.assert_allclose(x.grad.numpy(), 8 * np.array([1.0, 2.0, 3.0]))
    assert handle.remove() is True
    assert handle.remove() is False
    x.clear_grad()
    (x * 3).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [3.0, 3.0, 3.0])


def test_register_hook_observes_and_applies_in_paddle_grad():
    x = paddle.to_tensor([1.0, -2.0], stop_gradient=False)
    calls = []
    x.register_hook(lambda g: calls.append(1))  # None: the gradient is left as it is
    x.register_hook(lambda g: -g)
    (g,) = paddle.grad((x * x).sum(), x)
    np.testing.assert_allclose(g.numpy(), [-2.0, 4.0])
    assert calls == [1]


def test_register_hook_refuses_bad_use():
    frozen = paddle.to_tensor([1.0])
    with pytest.raises(RuntimeError, match="stop_gradient"):
        frozen.register_hook(lambda g: g)
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with pytest.raises(TypeError, match="callable"):
        x.register_hook(3)
    x.register_hook(lambda g: g.numpy())
    with pytest.raises(TypeError, match="Tensor or None"):
        (x * 2).sum().backward()
    y = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y.register_hook(lambda g: paddle.to_tensor([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError, match="shape"):
        (y * 2).sum().backward()
    z = paddle.to_tensor([1.0, 2.0], stop_gradient=False)  # the tape stays usable
    (z * 2).sum().backward()
    np.testing.assert_allclose(z.grad.numpy(), [2.0, 2.0])


def test_paddle_grad_no_grad_vars_cuts_the_graph_there():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * x          # dy/dx = 2x
    z = y * x          # z = x^3 through y, but y is held constant: dz/dx = y = x^2
    (g,) = paddle.grad(z.sum(), x, no_grad_vars=[y])
    np.testing.assert_allclose(g.numpy(), [1.0, 4.0])
    (full,) = paddle.grad((x * x * x).sum(), x)
    np.testing.assert_allclose(full.numpy(), [3.0, 12.0])
    with pytest.raises(TypeError, match="no_grad_vars"):
        paddle.grad((x * x).sum(), x, no_grad_vars=[np.ones(2)])


def test_prepared_op_cache_reuses_one_op_per_signature():
    """Repeated calls with one signature reuse one prepared op; a new dtype, shape or
    attribute still gives the right result, and an error leaves the cached op usable."""
    x32 = paddle.to_tensor(rng.normal(size=(3, 4)).astype("float32"))
    paddle.nn.functional.relu(x32)
    size = core.eager_op_cache_size()
    for _ in range(5):
        out = paddle.nn.functional.relu(x32)
    assert core.eager_op_cache_size() == size
    np.testing.assert_array_equal(out.numpy(), np.maximum(x32.numpy(), 0))
    # The same prepared op, other dtypes and shapes: the kernel and InferMeta follow them.
    for value in (rng.normal(size=(2, 5)), rng.normal(size=(7,)).astype("float32")):
        x = paddle.to_tensor(value)
        out = paddle.nn.functional.relu(x)
        assert out.dtype == x.dtype and out.shape == list(value.shape)
        np.testing.assert_array_equal(out.numpy(), np.maximum(value, 0))
    # Earlier outputs keep their own storage (each call's output is fresh).
    a = paddle.nn.functional.relu(paddle.to_tensor([1.0, -1.0]))
    b = paddle.nn.functional.relu(paddle.to_tensor([3.0, 4.0]))
    np.testing.assert_array_equal(a.numpy(), [1.0, 0.0])
    np.testing.assert_array_equal(b.numpy(), [3.0, 4.0])
    # Attributes are part of the signature.
    s1 = paddle.scale(x32, scale=2.0)
    s2 = paddle.scale(x32, scale=3.0)
    np.testing.assert_allclose(s2.numpy(), 1.5 * s1.numpy(), rtol=1e-6)
    # An InferMeta error on a cached op leaves it usable.
    m = paddle.to_tensor(np.ones((2, 3), "float32"))
    paddle.matmul(m, paddle.to_tensor(np.ones((3, 2), "float32")))
    with pytest.raises(ValueError):
        paddle.matmul(m, paddle.to_tensor(np.ones((4, 2), "float32")))
    out = paddle.matmul(m, paddle.to_tensor(np.ones((3, 2), "float32")))
    np.testing.assert_array_equal(out.numpy(), np.full((2, 2), 3.0))


def test_cached_ops_release_their_inputs():
    """A cached prepared op keeps no reference to the last call's storage."""
    x = paddle.to_tensor(np.ones((256, 256), "float32"), place="cpu")  # 256 KiB
    before = core.cpu_memory_current()
    y = paddle.nn.functional.relu(x)
    assert core.cpu_memory_current() - before >= 256 * 256 * 4
    del x, y
    assert core.cpu_memory_current() <= before - 256 * 256 * 4


def test_in_place_optimizer_update_through_the_cache_writes_the_parameter():
    w = paddle.create_parameter([3], "float32")
    w.set_value(np.array([1.0, 2.0, 3.0], "float32"))
    opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=[w])
    for _ in range(2):
        loss = (w * w).sum()
        loss.backward()
        opt.step()
        opt.clear_grad()
    # w <- w - 0.5 * 2w = 0 after the first step, stays 0.
    np.testing.assert_array_equal(w.numpy(), np.zeros(3, "float32"))
