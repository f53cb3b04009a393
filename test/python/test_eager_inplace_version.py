"""Eager in-place version counters (Tensor.inplace_version): every in-place write to a
tensor's storage counts; a tape node remembers the count of each value it saved and backward
refuses a value written in place since (it would silently use the changed value), while
writes to tensors no grad op reads, and recorded in-place ops (which give the tensor fresh
storage), leave backward intact."""
import numpy as np
import pytest

import paddle
from paddle.base import core

rng = np.random.default_rng(7)
MODIFIED = "has been modified by an inplace operation"


def _t(shape, stop_gradient=True, name=None):
    t = paddle.to_tensor(rng.uniform(-1, 1, shape).astype("float32"), stop_gradient=stop_gradient)
    if name is not None:
        t.name = name
    return t


def test_versions_count_every_in_place_write():
    x = _t([2, 3])
    assert x.inplace_version == 0
    x.add_(paddle.ones([3]))
    assert x.inplace_version == 1
    x.scale_(2.0)
    x.subtract_(1.0)
    x.multiply_(x)
    assert x.inplace_version == 4
    x.set_value(np.zeros((2, 3), "float32"))
    assert x.inplace_version == 5
    paddle.assign(paddle.ones([2, 3]), output=x)
    assert x.inplace_version == 6
    x[0] = 3.0
    assert x.inplace_version == 7
    x.zero_()
    x.fill_(2.0)
    assert x.inplace_version == 9
    np.testing.assert_array_equal(x.numpy(), np.full((2, 3), 2.0, "float32"))
    # Out-of-place ops make new tensors at version 0 and leave x's count alone.
    y = x + 1.0
    assert y.inplace_version == 0 and x.inplace_version == 9
    with pytest.raises(AttributeError):
        x.inplace_version = 0


def test_views_share_the_count_and_the_written_value():
    x = _t([3])
    view = x.detach()
    x.add_(1.0)
    assert view.inplace_version == 1
    np.testing.assert_array_equal(view.numpy(), x.numpy())


def test_in_place_broadcast_must_keep_the_shape():
    x = _t([3])
    with pytest.raises(ValueError, match=r"broadcast to the shape \[3\]"):
        x.add_(paddle.ones([2, 3]))
    assert x.inplace_version == 0


def test_mul_input_modified_under_no_grad_fails_in_backward():
    x, w = _t([2, 3], stop_gradient=False, name="x"), _t([2, 3], name="w")
    y = x * w  # elementwise_mul saves w for x's gradient
    with paddle.no_grad():
        w.add_(1.0)
    with pytest.raises(RuntimeError, match="Tensor 'w' used in gradient computation of "
                                           "'elementwise_mul'.*" + MODIFIED +
                                           ": its version is 1 but the expected version is 0"):
        y.sum().backward()


def test_matmul_weight_updated_before_backward_fails():
    x, w = _t([2, 3], name="x"), _t([3, 4], stop_gradient=False, name="w")
    loss = paddle.matmul(x, w).sum()
    with paddle.no_grad():
        w.set_value(np.zeros((3, 4), "float32"))
    with pytest.raises(RuntimeError, match="Tensor 'w' used in gradient computation of "
                                           "'matmul_v2' .*version is 1 but the expected "
                                           "version is 0"):
        loss.backward()
    # set_value, assign(output=) and __setitem__ on a saved constant all count.
    for write in (lambda t: t.set_value(np.ones((2, 3), "float32")),
                  lambda t: paddle.assign(paddle.ones([2, 3]), output=t),
                  lambda t: t.__setitem__(0, 5.0)):
        x, w = _t([2, 3], name="x"), _t([3, 4], stop_gradient=False)
        loss = paddle.matmul(x, w).sum()
        write(x)
        with pytest.raises(RuntimeError, match="Tensor 'x' used in gradient computation of "
                                               "'matmul_v2'.*version is 1 but the "
                                               "expected version is 0"):
            loss.backward()


def test_relu_output_modified_under_no_grad_fails():
    x = _t([4], stop_gradient=False)
    y = paddle.nn.functional.relu(x)  # relu_grad reads Out
    with paddle.no_grad():
        y.scale_(2.0)
    with pytest.raises(RuntimeError, match="'relu'.*" + MODIFIED):
        y.sum().backward()


def test_writes_no_grad_op_reads_are_fine():
    x = _t([2, 3], stop_gradient=False)
    c = _t([2, 3])
    y = (x * 3.0 + c).sum()  # scale's and elementwise_add's grads read no saved data
    with paddle.no_grad():
        c.add_(1.0)
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), np.full((2, 3), 3.0))
    # A tensor written after its graph is gone (or never in one) needs no check.
    z = _t([3])
    z.add_(2.0)
    assert z.inplace_version == 1


def test_recorded_in_place_op_keeps_earlier_nodes_intact():
    x = _t([3], stop_gradient=False)
    w = _t([3])
    h = x * w
    y = h * 1.0
    y.multiply_(h)  # recorded: y takes fresh storage, the node of `h * 1.0` keeps its value
    assert y.inplace_version == 1
    y.scale_(2.0)
    assert y.inplace_version == 2
    y.sum().backward()
    xv, wv = x.numpy(), w.numpy()
    np.testing.assert_allclose(x.grad.numpy(), 4.0 * xv * wv * wv, rtol=1e-5)


def test_optimizer_step_after_backward_and_training_loop():
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 1))
    opt = paddle.optimizer.Adam(learning_rate=0.05, parameters=model.parameters())
    x = paddle.to_tensor(rng.normal(size=(16, 4)).astype("float32"))
    target = paddle.to_tensor(rng.normal(size=(16, 1)).astype("float32"))
    losses = []
    w = model.parameters()[0]
    for step in range(20):
        loss = ((model(x) - target) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    assert losses[-1] < losses[0]
    assert w.inplace_version >= 20  # one write per Adam step (and more for zeroed grads)


def test_optimizer_step_before_a_retained_backward_fails():
    w = _t([3, 2], stop_gradient=False, name="w")
    x = _t([4, 3], name="x")
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=[w])
    loss = paddle.tanh(paddle.matmul(x, w)).sum()
    loss.backward(retain_graph=True)
    opt.step()
    with pytest.raises(RuntimeError, match="Tensor 'w' used in gradient computation of "
                                           "'matmul_v2'.*" + MODIFIED):
        loss.backward()


def test_clear_grad_zeroes_in_place():
    w = _t([3], stop_gradient=False)
    (w * w).sum().backward()
    g = w.grad
    w.clear_grad()
    assert w.grad is g and g.inplace_version == 1
    np.testing.assert_array_equal(g.numpy(), np.zeros(3, "float32"))
    assert core.eager_inplace_version(core.DenseTensor()) == 0


def test_layer_dtype_conversion_counts_as_a_write():
    layer = paddle.nn.Linear(2, 3)
    w = layer.weight
    before = w.inplace_version
    layer.to(dtype="float64")
    assert w.dtype == paddle.float64 and w.inplace_version == before + 1
