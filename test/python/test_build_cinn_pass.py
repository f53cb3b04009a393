"""build_cinn_pass (BuildStrategy.build_cinn_pass): random elementwise chains with broadcasts,
LayerNorm+GELU+residual after prim decomposition, and the BERT fixtures, each run fused through
a CompiledProgram and compared with the unfused program: bit-equal where the same primitives
run unfused (the fused kernel uses their formulas), within float32 rounding of the composite
kernels otherwise."""
import collections
import os

import numpy as np
import pytest

import paddle
import paddle.nn.functional as F
from paddle.base import core

paddle.enable_static()

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.environ.get("PADDLE_MODEL_FIXTURES",
                          os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "paddle_models"))


@pytest.fixture
def prim_off_after():
    yield
    core._set_prim_all_enabled(False)


def _fused(program, fetch_names):
    bs = paddle.static.BuildStrategy()
    bs.build_cinn_pass = True
    compiled = paddle.static.CompiledProgram(program, build_strategy=bs)
    return compiled, compiled._get_program(list(fetch_names))


def _op_types(program):
    return collections.Counter(op.type for op in program.global_block().ops)


_UNARY = [paddle.tanh, F.sigmoid, F.relu, paddle.exp, paddle.abs, paddle.square,
          lambda v: paddle.scale(v, 0.5, 0.25), lambda v: paddle.sqrt(paddle.abs(v) + 1.0),
          lambda v: paddle.log(paddle.abs(v) + 1.0)]
_BINARY = [paddle.add, paddle.subtract, paddle.multiply, paddle.maximum, paddle.minimum,
           lambda a, b: paddle.divide(a, paddle.abs(b) + 1.0)]


@pytest.mark.parametrize("seed", range(6))
def test_random_chains_with_broadcasts_fuse_bit_equal(seed):
    rng = np.random.default_rng(seed)
    n, d = 5, 33
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, d], "float32")
        row = paddle.static.data("row", [d], "float32")
        col = paddle.static.data("col", [-1, 1], "float32")
        values = [x]
        for _ in range(8):
            a = values[rng.integers(len(values))]
            if rng.random() < 0.5:
                other = [row, col, x, values[-1]][rng.integers(4)]
                values.append(_BINARY[rng.integers(len(_BINARY))](a, other))
            else:
                values.append(_UNARY[rng.integers(len(_UNARY))](a))
        outs = [values[-1], values[3]]  # an intermediate fetched too
    feed = {"x": rng.uniform(-2, 2, (n, d)).astype("float32"),
            "row": rng.uniform(-2, 2, (d,)).astype("float32"),
            "col": rng.uniform(-2, 2, (n, 1)).astype("float32")}
    exe = paddle.static.Executor()
    want = exe.run(main, feed=feed, fetch_list=outs)
    compiled, fused = _fused(main, [v.name for v in outs])
    assert _op_types(fused)["fused_elementwise"] >= 1
    got = exe.run(compiled, feed=feed, fetch_list=outs)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def _ln_gelu_residual(d):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [-1, d], "float32")
        r = paddle.static.data("r", [-1, d], "float32")
        y = F.gelu(paddle.nn.LayerNorm(d)(x)) + r
    return main, startup, y


def test_layer_norm_gelu_residual_with_prim(prim_off_after):
    d = 48
    main, startup, y = _ln_gelu_residual(d)
    rng = np.random.default_rng(7)
    feed = {"x": rng.standard_normal((6, d)).astype("float32"),
            "r": rng.standard_normal((6, d)).astype("float32")}
    exe = paddle.static.Executor()
    exe.run(startup)
    plain, = exe.run(main, feed=feed, fetch_list=[y])
    core._set_prim_all_enabled(True)
    prim_unfused, = exe.run(main, feed=feed, fetch_list=[y])
    compiled, fused = _fused(main, [y.name])
    types = _op_types(fused)
    assert "layer_norm" not in types and "gelu" not in types  # decomposed, then fused
    assert types["fused_elementwise"] == 3  # x - mean, the row statistics, the rest
    got, = exe.run(compiled, feed=feed, fetch_list=[y])
    np.testing.assert_array_equal(got, prim_unfused)
    np.testing.assert_allclose(got, plain, rtol=1e-5, atol=1e-5)


def test_without_prim_fuses_the_elementwise_ops_left(prim_off_after):
    main, startup, y = _ln_gelu_residual(16)
    compiled, fused = _fused(main, [y.name])
    assert "fused_elementwise" not in _op_types(fused)  # layer_norm, gelu, add: no group of two
    exe = paddle.static.Executor()
    exe.run(startup)
    feed = {"x": np.ones((2, 16), "float32"), "r": np.ones((2, 16), "float32")}
    np.testing.assert_array_equal(exe.run(compiled, feed=feed, fetch_list=[y])[0],
                                  exe.run(main, feed=feed, fetch_list=[y])[0])


@pytest.mark.parametrize("name", ["bert_static", "tiny_bert"])
@pytest.mark.parametrize("prim", [False, True])
def test_bert_fixture_fused_equals_unfused(name, prim, prim_off_after):
    prefix = os.path.join(FIXTURES, name)
    if not os.path.exists(prefix + ".pdmodel"):
        pytest.skip(f"no fixture {prefix}.pdmodel")
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        program, feed_names, fetch_vars = paddle.static.load_inference_model(prefix, exe)
        with np.load(prefix + ".inputs.npz") as data:
            feed = dict(zip(feed_names, [data[k] for k in data.files]))
        core._set_prim_all_enabled(prim)
        want = exe.run(program, feed=feed, fetch_list=fetch_vars)
        compiled, fused = _fused(program, [v.name for v in fetch_vars])
        assert _op_types(fused)["fused_elementwise"] >= (20 if prim else 4)
        got = exe.run(compiled, feed=feed, fetch_list=fetch_vars)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_strategy_lists_the_pass():
    bs = paddle.static.BuildStrategy()
    assert "build_cinn_pass" not in bs._passes()
    bs.build_cinn_pass = True
    assert "build_cinn_pass" in bs._passes()
    assert "build_cinn_pass" in core.registered_passes()


def test_training_program_fuses_forward_ops_and_trains_identically():
    """Grad ops read forward intermediates by name: those stay outputs of the fused op, and
    backward ops never join a group."""
    xs = np.random.default_rng(0).standard_normal((4, 8)).astype("float32")
    losses = []
    for fuse in (False, True):
        main, startup = paddle.static.Program(), paddle.static.Program()
        main.random_seed = startup.random_seed = 1
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [-1, 8], "float32")
            h = paddle.static.nn.fc(x, 16)
            h = paddle.tanh(paddle.scale(F.sigmoid(h) * h, 0.5, 0.1))
            loss = paddle.mean(paddle.square(h - 0.3))
            paddle.optimizer.SGD(0.1).minimize(loss)
        with paddle.static.scope_guard(paddle.static.Scope()):
            exe = paddle.static.Executor()
            exe.run(startup)
            prog = main
            if fuse:
                prog, fused = _fused(main, [loss.name])
                types = _op_types(fused)
                assert types["fused_elementwise"] == 1 and types["tanh_grad"] == 1
            losses.append([exe.run(prog, feed={"x": xs}, fetch_list=[loss])[0]
                           for _ in range(4)])
    np.testing.assert_array_equal(losses[1], losses[0])
