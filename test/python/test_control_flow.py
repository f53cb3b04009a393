"""paddle.static.nn.cond and while_loop: programs with conditional_block / select_input and
while ops run through the Executor and match NumPy; dynamic mode runs them as Python;
bad arguments raise typed errors."""
import numpy as np
import pytest

import paddle
from paddle.base import core

paddle.enable_static()

cond = paddle.static.nn.cond
while_loop = paddle.static.nn.while_loop


def _run(build, feed, n_fetch=None):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        fetch = build()
    fetch = fetch if isinstance(fetch, (list, tuple)) else [fetch]
    exe = paddle.static.Executor()
    return main, exe.run(main, feed=feed, fetch_list=list(fetch), scope=core.Scope())


def _ops(program):
    return [op.type for block in program.blocks for op in block.ops]


@pytest.mark.parametrize("value", [0.2, 0.9])
def test_cond_matches_numpy_on_both_branches(value):
    x_np = np.full((2, 3), value, np.float32)

    def build():
        x = paddle.static.data("x", [-1, 3], "float32")
        out, k = cond(paddle.mean(x) > 0.5, lambda: (paddle.exp(x), 7), lambda: (x * 2.0 - 1.0, 7))
        assert k == 7  # equal Python values pass through
        return out

    main, (got,) = _run(build, {"x": x_np})
    want = np.exp(x_np) if x_np.mean() > 0.5 else x_np * 2 - 1
    np.testing.assert_allclose(got, want, rtol=1e-6)
    assert _ops(main).count("conditional_block") == 2 and "select_input" in _ops(main)


@pytest.mark.parametrize("flag", [True, False])
def test_cond_nested_structures_numbers_and_nested_cond(flag):
    x_np = np.arange(6, dtype=np.float32).reshape(2, 3)

    def build():
        x = paddle.static.data("x", [2, 3], "float32")
        p = paddle.static.data("p", [1], "bool")

        def true_fn():
            inner = cond(paddle.sum(x) > 100.0, lambda: x + 100.0, lambda: x + 10.0)
            return {"a": inner, "b": [x * 3.0, 1.5]}

        def false_fn():
            return {"a": x - 10.0, "b": [x, 2.5]}

        out = cond(p, true_fn, false_fn)
        return [out["a"], out["b"][0], out["b"][1]]

    _, (a, b, c) = _run(build, {"x": x_np, "p": np.array([flag])})
    np.testing.assert_allclose(a, x_np + 10 if flag else x_np - 10)
    np.testing.assert_allclose(b, x_np * 3 if flag else x_np)
    np.testing.assert_allclose(c, 1.5 if flag else 2.5)  # numbers become merged constants


def test_cond_without_false_branch_returns_none():
    def build():
        x = paddle.static.data("x", [2], "float32")
        assert cond(paddle.sum(x) > 0, lambda: None) is None
        return x

    _, (got,) = _run(build, {"x": np.ones(2, np.float32)})
    np.testing.assert_allclose(got, 1.0)


@pytest.mark.parametrize("n", [0, 1, 5])
def test_while_loop_matches_numpy(n):
    x_np = np.random.RandomState(0).rand(2, 3).astype(np.float32)

    def build():
        x = paddle.static.data("x", [-1, 3], "float32")
        limit = paddle.static.data("n", [], "int64")
        i = paddle.full([], 0, "int64")
        i_out, y = while_loop(lambda i, y: i < limit, lambda i, y: [i + 1, y * 2.0 + 1.0], [i, x])
        return [i_out, y, x]

    main, (i_out, y, x_after) = _run(build, {"x": x_np, "n": np.array(n, np.int64)})
    want = x_np.copy()
    for _ in range(n):
        want = want * 2 + 1
    assert int(i_out) == n
    np.testing.assert_allclose(y, want, rtol=1e-6)
    np.testing.assert_allclose(x_after, x_np)  # the fed input is never written by the loop
    assert "while" in _ops(main)


def test_while_loop_swapped_variables_and_cond_in_body():
    def build():
        a = paddle.full([], 1.0, "float32")
        b = paddle.full([], 2.0, "float32")
        k = paddle.full([], 0, "int64")

        def body(k, a, b):
            b = cond(k == 1, lambda: b * 10.0, lambda: b)
            return [k + 1, b, a]  # swapped: each write must read the old values

        return while_loop(lambda k, a, b: k < 3, body, [k, a, b])[1:]

    _, (a, b) = _run(build, {})
    # (1, 2) -> (2, 1) -> (10, 2) -> (2, 10)
    assert float(a) == 2.0 and float(b) == 10.0


def test_while_loop_growing_shape():
    def build():
        x = paddle.full([1], 1.0, "float32")
        i = paddle.full([], 0, "int64")
        return while_loop(lambda i, x: i < 3, lambda i, x: [i + 1, paddle.concat([x, x * 2.0])],
                          [i, x])[1]

    _, (got,) = _run(build, {})
    np.testing.assert_allclose(got, [1, 2, 2, 4, 2, 4, 4, 8])


def test_dynamic_mode_runs_python_control_flow():
    paddle.disable_static()
    try:
        assert cond(paddle.to_tensor(True), lambda: 1, lambda: 2) == 1
        assert cond(paddle.to_tensor([False]), lambda: 1, lambda: 2) == 2
        out = while_loop(lambda i, s: i < 4, lambda i, s: [i + 1, s + i],
                         [paddle.to_tensor(0), paddle.to_tensor(0)])
        assert [int(v) for v in out] == [4, 6]
    finally:
        paddle.enable_static()


def test_bad_arguments_raise_typed_errors():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2, 3], "float32")
        pred = paddle.mean(x) > 0
        with pytest.raises(TypeError, match="true_fn of cond to be callable"):
            cond(pred, 3, lambda: x)
        with pytest.raises(TypeError, match="predicate of cond to be a bool tensor"):
            cond(x, lambda: x, lambda: x)
        with pytest.raises(ValueError, match="hold one element"):
            cond(x > 0, lambda: x, lambda: x)
        with pytest.raises(TypeError, match="same dtype"):
            cond(pred, lambda: x, lambda: paddle.cast(x, "int64"))
        with pytest.raises(ValueError, match="same nesting"):
            cond(pred, lambda: (x, x), lambda: x)
        with pytest.raises(TypeError, match="tensors"):
            cond(pred, lambda: x, lambda: "text")
        with pytest.raises(ValueError, match="return None"):
            cond(pred, lambda: x)
        with pytest.raises(TypeError, match="cond of while_loop to be callable"):
            while_loop(None, lambda v: v, [x])
        with pytest.raises(TypeError, match="list or tuple"):
            while_loop(lambda v: v, lambda v: v, x)
        with pytest.raises(ValueError, match="at least one"):
            while_loop(lambda: pred, lambda: [], [])
        i = paddle.full([], 0, "int64")
        with pytest.raises(TypeError, match="keep dtype"):
            while_loop(lambda i: i < 3, lambda i: paddle.cast(i, "float32"), [i])
        with pytest.raises(ValueError, match="2 loop variables"):
            while_loop(lambda i, y: i < 3, lambda i, y: [i], [i, x])


def test_print_op_prints_at_every_run(capfd):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3], "float32")
        out = paddle.static.Print(x * 2.0, message="doubled")
        with pytest.raises(ValueError, match="print_phase"):
            paddle.static.Print(x, print_phase="sideways")
        with pytest.raises(TypeError, match="tensor to Print"):
            paddle.static.Print([1.0])
    exe = paddle.static.Executor()
    for k in (1.0, 2.0):
        got, = exe.run(main, feed={"x": np.full(3, k, np.float32)}, fetch_list=[out],
                       scope=core.Scope())
        np.testing.assert_allclose(got, 2 * k)
    printed = capfd.readouterr().out  # the print kernel writes to stdout
    assert printed.count("doubled") == 2 and "data: [2 2 2]" in printed and "data: [4 4 4]" in printed
