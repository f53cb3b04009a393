"""Tensor's binary operators (+ - * / @ between eager Tensors), which run as C methods on the
Tensor type (eager_operators.cc) and hand everything they do not take to the general path:
results, gradients, no_grad per thread, errors, subclasses and static mode."""
import threading

import numpy as np
import pytest

import paddle

OPS = {
    "__add__": np.add,
    "__sub__": np.subtract,
    "__mul__": np.multiply,
    "__truediv__": np.divide,
    "__matmul__": np.matmul,
}


@pytest.mark.parametrize("name", sorted(OPS))
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_operator_matches_numpy(name, dtype):
    rng = np.random.default_rng(0)
    x = rng.uniform(0.5, 2.0, (3, 3)).astype(dtype)
    y = rng.uniform(0.5, 2.0, (3, 3)).astype(dtype)
    out = getattr(paddle.to_tensor(x), name)(paddle.to_tensor(y))
    assert isinstance(out, paddle.Tensor) and out.stop_gradient
    assert out.dtype == paddle.to_tensor(x).dtype
    np.testing.assert_allclose(out.numpy(), OPS[name](x, y), rtol=1e-6)


def test_broadcast_integers_and_new_identity():
    x = np.arange(6, dtype="int64").reshape(2, 3)
    y = np.array([1, 2, 3], dtype="int64")
    a, b = paddle.to_tensor(x), paddle.to_tensor(y)
    np.testing.assert_array_equal((a + b).numpy(), x + y)
    np.testing.assert_array_equal((a * b).numpy(), x * y)
    first, second = a + b, a + b
    assert first is not second and first.name != second.name
    second.numpy()[...] = 0  # numpy() copies; the outputs never share storage either
    np.testing.assert_array_equal(first.numpy(), x + y)


def test_operands_needing_gradients_are_recorded():
    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    y = np.array([[0.5, -1.0], [2.0, 0.25]])
    a = paddle.to_tensor(x, stop_gradient=False)
    b = paddle.to_tensor(y, stop_gradient=False)
    loss = ((a * b + a - b) / b + a @ b).sum()
    assert not loss.stop_gradient
    loss.backward()
    ones = np.ones_like(x)
    np.testing.assert_allclose(a.grad.numpy(), (y + 1) / y + ones @ y.T, rtol=1e-12)
    np.testing.assert_allclose(b.grad.numpy(), -(x - y) / y**2 - 1 / y + x.T @ ones,
                               rtol=1e-12)


def test_no_grad_takes_the_untraced_path_in_its_thread_only():
    a = paddle.to_tensor(np.ones((2, 2), "float32"), stop_gradient=False)
    with paddle.no_grad():
        inside = a + a
        seen = {}

        def other_thread():  # gradients stay enabled in a thread of its own
            seen["stop_gradient"] = (a + a).stop_gradient

        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
    assert inside.stop_gradient and inside._node is None
    assert seen["stop_gradient"] is False
    assert not (a + a).stop_gradient  # enabled again after the block
    with paddle.set_grad_enabled(False):
        assert (a * a).stop_gradient
    assert paddle.is_grad_enabled()


def test_errors_come_from_the_general_path_and_leave_operators_usable():
    a = paddle.to_tensor(np.ones((2, 3), "float32"))
    b = paddle.to_tensor(np.ones((4,), "float32"))
    with pytest.raises(ValueError, match="broadcastable"):
        a + b
    with pytest.raises(ValueError, match="matmul"):
        a @ a
    with pytest.raises(TypeError, match="expected 1 argument"):
        paddle.Tensor.__add__(a)
    np.testing.assert_array_equal((a + a).numpy(), np.full((2, 3), 2.0, "float32"))


def test_scalars_and_parameters():
    a = paddle.to_tensor(np.array([1.0, 2.0], "float32"))
    np.testing.assert_allclose((a + 1.5).numpy(), [2.5, 3.5])
    np.testing.assert_allclose((a * 2).numpy(), [2.0, 4.0])
    linear = paddle.nn.Linear(2, 2)
    out = a @ linear.weight + linear.bias  # EagerParamBase operands (a Tensor subclass)
    np.testing.assert_allclose(out.numpy(),
                               a.numpy() @ linear.weight.numpy() + linear.bias.numpy(),
                               rtol=1e-6)
    assert not out.stop_gradient


def test_static_mode_builds_ops_instead_of_running():
    a = paddle.to_tensor(np.ones((2, 2), "float32"))
    paddle.enable_static()
    try:
        program = paddle.static.Program()
        with paddle.static.program_guard(program):
            x = paddle.static.data("x", [2, 2], "float32")
            y = x + x
            assert not isinstance(y, paddle.Tensor)
        assert [op.type for op in program.global_block().ops] == ["elementwise_add"]
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal((a + a).numpy(), np.full((2, 2), 2.0, "float32"))


def test_eager_tensors_in_static_mode_go_to_the_program():
    """While a program is being built, eager Tensors as operands take the general (static)
    path, for the operators and the API functions alike: a Tensor the block does not declare
    is refused by name (and nothing loops between the C operators and the API functions)."""
    a = paddle.to_tensor(np.ones((2, 2), "float32"))
    paddle.enable_static()
    try:
        program = paddle.static.Program()
        with paddle.static.program_guard(program):
            for build in (lambda: a + a, lambda: paddle.add(a, a), lambda: a @ a,
                          lambda: paddle.matmul(a, a)):
                with pytest.raises(KeyError, match=f"'{a.name}' .* to be declared in the block"):
                    build()
            x = paddle.static.data("x", [2, 2], "float32")
            paddle.multiply(x, x), paddle.matmul(x, x)
        assert [op.type for op in program.global_block().ops][-2:] == ["elementwise_mul",
                                                                       "matmul_v2"]
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(paddle.add(a, a).numpy(), np.full((2, 2), 2.0, "float32"))


def test_api_functions_on_tensors():
    rng = np.random.default_rng(1)
    x, y = rng.uniform(0.5, 2.0, (2, 3)), rng.uniform(0.5, 2.0, (2, 3))
    a, b = paddle.to_tensor(x), paddle.to_tensor(y, stop_gradient=False)
    np.testing.assert_allclose(paddle.add(a, b).numpy(), x + y)
    np.testing.assert_allclose(paddle.subtract(a, b).numpy(), x - y)
    np.testing.assert_allclose(paddle.divide(a, b).numpy(), x / y)
    np.testing.assert_allclose(paddle.matmul(a, b, transpose_y=True).numpy(), x @ y.T)
    loss = paddle.multiply(a, b).sum() + paddle.matmul(a, b, transpose_y=True).sum()
    loss.backward()
    np.testing.assert_allclose(b.grad.numpy(), x + np.ones((2, 2)) @ x, rtol=1e-12)
