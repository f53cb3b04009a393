"""Attributes given by tensors through the Python API, as PaddlePaddle accepts them: shapes of
full/zeros/ones/fill_constant and the random APIs, reshape, expand/broadcast_to, tile, slice and
strided_slice bounds, concat/split axes and sections, unsqueeze axes, scale's scale and full's
fill_value, as a Tensor or a list mixing ints and one-element Tensors. Static programs built
once and run with several batch sizes, build-time shapes, training through them, eager mode,
bad input and to_static with a None batch. NumPy is the only reference."""

import numpy as np
import pytest

import paddle
from op_test import static_program
from paddle.static import InputSpec

rng = np.random.default_rng(7)


def _run(exe, main, feed, fetch):
    return [np.asarray(v) for v in exe.run(main, feed=feed, fetch_list=fetch)]


def _op(main, op_type):
    return [op for op in main.global_block().ops if op.type == op_type]


# -- one static program, two batch sizes -----------------------------------------------------
def test_static_program_follows_the_batch_fed():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 3], "float32")
        n = paddle.shape(x)[0]  # 0-D int32, known at run time only
        ax = paddle.full([1], 1, "int32")
        row = paddle.assign(np.array([[1.0, 2.0, 3.0]], "float32"))
        outs = {
            "full": paddle.full([n, 2], 1.5),
            "full_value": paddle.full(paddle.shape(x), paddle.full([1], 4, "int64"), "float32"),
            "zeros": paddle.zeros([n, 2], "int32"),
            "ones": paddle.ones(paddle.shape(x)),
            "fill_constant": paddle.tensor.creation.fill_constant([2, n], "float64", 0.5),
            "reshape_list": paddle.reshape(x, [3, n]),
            "reshape_tensor": paddle.reshape(x, paddle.shape(x)),
            "reshape_infer": x.reshape([n, -1]),
            "expand": paddle.expand(row, [n, 3]),
            "broadcast_to": paddle.broadcast_to(row, [2, n, 3]),
            "tile_list": paddle.tile(row, [n, 1]),
            "tile_tensor": paddle.tile(row, paddle.shape(x)),
            "slice_list": paddle.slice(x, axes=[0], starts=[0], ends=[n - 1]),
            "slice_tensor": paddle.slice(x, axes=[0, 1], starts=paddle.full([2], 1, "int64"),
                                         ends=[n, 3]),
            "strided_slice": paddle.strided_slice(x, [0], [0], [n],
                                                  [paddle.full([1], 2, "int64")]),
            "concat": paddle.concat([x, x * 2.0], axis=ax),
            "unsqueeze_tensor": paddle.unsqueeze(x, paddle.full([1], 1, "int64")),
            "unsqueeze_list": paddle.unsqueeze(x, [ax, 0]),
            "scale": paddle.scale(x, paddle.full([1], 2.5), bias=1.0),
        }
        left, right = paddle.split(x, [1, paddle.full([1], 2, "int64")], axis=ax)
        head, last = paddle.split(x, [n - 1, 1], axis=0)
        outs.update(split_left=left, split_right=right, split_head=head, split_last=last)
        uniform = paddle.uniform([n, 4], min=2.0, max=3.0)
        randint = paddle.randint(0, 5, paddle.shape(x))
        randn = paddle.randn([n, 2])
        normal = paddle.normal(1.0, 2.0, [2, n])
        rand = paddle.rand((n,))
    # Build time: -1 where a tensor decides the extent, the constant entries kept.
    assert outs["full"].shape == (-1, 2)
    assert outs["zeros"].shape == (-1, 2) and outs["fill_constant"].shape == (2, -1)
    assert outs["ones"].shape == (-1, 3)  # paddle.shape(x) as a whole: x's static shape
    assert outs["reshape_list"].shape == (3, -1)
    assert outs["expand"].shape == (-1, 3) and outs["broadcast_to"].shape == (2, -1, 3)
    assert outs["slice_list"].shape == (-1, 3) and outs["strided_slice"].shape == (-1, 3)
    assert outs["concat"].shape == (-1, -1)
    assert outs["split_last"].shape == (1, 3) and outs["split_head"].shape == (-1, 3)
    assert uniform.shape == (-1, 4) and normal.shape == (2, -1)
    fill = [op for op in _op(main, "fill_constant") if op.input("ShapeTensorList")][0]
    assert fill.attr("shape") == [-1, 2] and len(fill.input("ShapeTensorList")) == 2
    assert _op(main, "expand_v2")[0].attr("shape") == [-2, 3]
    slice_op = _op(main, "slice")[-2]  # slice_list (the last is slice_tensor)
    assert slice_op.attr("ends") == [-1] and slice_op.attr("infer_flags") == [-1]
    assert _op(main, "slice")[-1].attr("infer_flags") == [-1, -1]

    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    names = list(outs)
    fetch = [outs[k] for k in names] + [uniform, randint, randn, normal, rand]
    r = np.array([[1.0, 2.0, 3.0]], "float32")
    for b in (4, 7):
        xv = rng.standard_normal((b, 3)).astype("float32")
        got = dict(zip(names + ["uniform", "randint", "randn", "normal", "rand"],
                       _run(exe, main, {"x": xv}, fetch)))
        want = {
            "full": np.full((b, 2), 1.5, "float32"),
            "full_value": np.full((b, 3), 4.0, "float32"),
            "zeros": np.zeros((b, 2), "int32"),
            "ones": np.ones((b, 3), "float32"),
            "fill_constant": np.full((2, b), 0.5),
            "reshape_list": xv.reshape(3, b),
            "reshape_tensor": xv,
            "reshape_infer": xv,
            "expand": np.broadcast_to(r, (b, 3)),
            "broadcast_to": np.broadcast_to(r, (2, b, 3)),
            "tile_list": np.tile(r, (b, 1)),
            "tile_tensor": np.tile(r, (b, 3)),
            "slice_list": xv[: b - 1],
            "slice_tensor": xv[1:b, 1:3],
            "strided_slice": xv[0:b:2],
            "concat": np.concatenate([xv, xv * 2], axis=1),
            "unsqueeze_tensor": xv[:, None, :],
            "unsqueeze_list": xv[None, :, None, :],  # axes [1, 0] applied in turn
            "scale": xv * 2.5 + 1.0,
            "split_left": xv[:, :1], "split_right": xv[:, 1:],
            "split_head": xv[: b - 1], "split_last": xv[b - 1:],
        }
        for key, value in want.items():
            assert got[key].dtype == value.dtype, key
            np.testing.assert_allclose(got[key], value, rtol=1e-6, err_msg=key)
        u = got["uniform"]
        assert u.shape == (b, 4) and u.min() >= 2.0 and u.max() < 3.0
        ri = got["randint"]
        assert ri.shape == (b, 3) and ri.dtype == np.int64 and ri.min() >= 0 and ri.max() < 5
        assert got["randn"].shape == (b, 2) and got["normal"].shape == (2, b)
        assert got["rand"].shape == (b,) and 0 <= got["rand"].min() and got["rand"].max() < 1


def test_static_int_entries_of_a_tensor_list_become_exact_constants():
    with static_program() as (main, _):
        x = paddle.static.data("x", [-1, 4], "float32")
        n = paddle.shape(x)[0]
        big = 2 ** 31 - 1  # "to the end": not a float32, so the constant must be exact
        out = paddle.slice(x, axes=[0, 1], starts=[n - 2, 1], ends=[n, big])
        op = _op(main, "slice")[-1]
        assert op.attr("starts") == [-1, 1] and op.attr("ends") == [-1, big]
        assert op.attr("infer_flags") == [-1, 1]  # -1 where a tensor gives a bound
        assert len(op.input("StartsTensorList")) == 2 and len(op.input("EndsTensorList")) == 2
        via_int8 = paddle.full([paddle.cast(paddle.full([1], 2, "int32"), "int8")], 1.0)  # -> int64
    exe = paddle.static.Executor(paddle.CPUPlace())
    xv = np.arange(20, dtype="float32").reshape(5, 4)
    got, small = _run(exe, main, {"x": xv}, [out, via_int8])
    np.testing.assert_array_equal(got, xv[3:, 1:])
    assert small.shape == (2,)


def test_full_values_are_exact_in_both_modes():
    # fill_constant's str_value carries the value exactly (its float attribute cannot).
    big = 2 ** 40 + 1
    assert paddle.full([2], big, "int64").numpy().tolist() == [big, big]
    assert paddle.full([1], 0.1, "float64").numpy().item() == 0.1
    assert paddle.full([1], paddle.to_tensor(np.array([big], "int64")), "int64").numpy()[0] == big
    with static_program() as (main, _):
        outs = [paddle.full([1], big, "int64"), paddle.full([1], 0.1, "float64"),
                paddle.full([2], -3, "int8"),
                paddle.full([1], paddle.full([1], big, "int64"), "int64")]
    got = _run(paddle.static.Executor(paddle.CPUPlace()), main, {}, outs)
    assert got[0][0] == big and got[1][0] == 0.1 and got[3][0] == big
    np.testing.assert_array_equal(got[2], np.array([-3, -3], np.int8))


# -- training through tensor-fed slice / concat / split / scale ---------------------------------
def test_static_training_through_tensor_fed_attrs():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 3], "float32")
        w = paddle.static.create_parameter([3], "float32", name="w_tensor_fed",
                                           default_initializer=paddle.nn.initializer.Constant(0.5))
        h = x * w
        n = paddle.shape(x)[0]
        ax0 = paddle.full([1], 0, "int64")
        ax1 = paddle.full([], 1, "int32")
        s = paddle.slice(h, axes=[0], starts=[paddle.full([1], 1, "int64")], ends=[n])
        c = paddle.concat([s, h], axis=ax0)
        a, b = paddle.split(c, [1, 2], axis=ax1)
        out = paddle.scale(paddle.concat([a * 2.0, b], axis=1), paddle.full([1], 3.0))
        loss = paddle.sum(out)
        grads = paddle.static.append_backward(loss)
        (w_grad,) = [g for p, g in grads if p.name == "w_tensor_fed"]
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        for bsz in (3, 6):
            xv = rng.standard_normal((bsz, 3)).astype("float32")
            lv, gv = _run(exe, main, {"x": xv}, [loss, w_grad])
            rows = xv[1:].sum(0) + xv.sum(0)
            want_grad = 3.0 * rows * np.array([2.0, 1.0, 1.0], "float32")
            np.testing.assert_allclose(gv, want_grad, rtol=1e-5)
            np.testing.assert_allclose(lv, (want_grad * 0.5).sum(), rtol=1e-5)


def test_static_minimize_through_tensor_fed_reshape_and_expand():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 2], "float32")
        w = paddle.static.create_parameter([1, 2], "float32", name="w_fed_min",
                                           default_initializer=paddle.nn.initializer.Constant(1.0))
        n = paddle.shape(x)[0]
        wide = paddle.expand(w, [n, 2])
        flat = paddle.reshape(x * wide, [n * 2])
        loss = paddle.mean(flat)
        paddle.optimizer.SGD(learning_rate=0.5).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        xv = rng.standard_normal((5, 2)).astype("float32")
        exe.run(main, feed={"x": xv}, fetch_list=[loss])
        got = np.asarray(scope.find_var("w_fed_min").get_tensor())
    np.testing.assert_allclose(got, 1.0 - 0.5 * xv.sum(0, keepdims=True) / 10, rtol=1e-5)


# -- eager mode --------------------------------------------------------------------------------
def _t(array, grad=False):
    return paddle.to_tensor(array, stop_gradient=not grad)


def test_eager_tensor_fed_attrs():
    xv = rng.standard_normal((4, 3)).astype("float32")
    x = _t(xv)
    n = paddle.shape(x)[0]
    assert isinstance(n, paddle.Tensor)
    np.testing.assert_array_equal(paddle.full([n, 2], _t(np.float32(2.5))).numpy(),
                                  np.full((4, 2), 2.5, "float32"))
    assert paddle.zeros(paddle.shape(x), "int64").numpy().shape == (4, 3)
    np.testing.assert_array_equal(paddle.reshape(x, [3, n]).numpy(), xv.reshape(3, 4))
    np.testing.assert_array_equal(paddle.reshape(x, _t(np.array([2, 6], "int32"))).numpy(),
                                  xv.reshape(2, 6))
    np.testing.assert_array_equal(paddle.expand(x[:1], [n, 3]).numpy(),
                                  np.broadcast_to(xv[:1], (4, 3)))
    np.testing.assert_array_equal(paddle.tile(x, _t(np.array([2, 1], "int64"))).numpy(),
                                  np.tile(xv, (2, 1)))
    np.testing.assert_array_equal(paddle.strided_slice(x, [0], [0], [n], [2]).numpy(),
                                  xv[::2])
    np.testing.assert_array_equal(paddle.unsqueeze(x, _t(np.array([0, 3], "int64"))).numpy(),
                                  xv[None, :, :, None])
    a, b = paddle.split(x, [n - 1, 1], axis=_t(np.int64(0)))
    np.testing.assert_array_equal(a.numpy(), xv[:3])
    np.testing.assert_array_equal(b.numpy(), xv[3:])
    r = paddle.randint(2, 4, [n, 2])
    assert r.shape == [4, 2] and r.numpy().min() >= 2 and r.numpy().max() < 4
    assert paddle.uniform(paddle.shape(x)).shape == [4, 3]
    assert paddle.standard_normal([2, n]).shape == [2, 4]


def test_eager_gradients_through_tensor_fed_slice_concat_scale():
    xv = rng.standard_normal((5, 3)).astype("float32")
    x = _t(xv, grad=True)
    n = paddle.shape(x)[0]
    s = paddle.slice(x, [0], [_t(np.int64(1))], [n - 1])
    c = paddle.concat([s, x], axis=_t(np.int32(0)))
    y = paddle.scale(c, _t(np.float32(3.0)), bias=1.0)
    weights = rng.standard_normal((8, 3)).astype("float32")
    (y * _t(weights)).sum().backward()
    want = 3.0 * weights[3:].copy()
    want[1:4] += 3.0 * weights[:3]
    np.testing.assert_allclose(x.grad.numpy(), want, rtol=1e-5)
    np.testing.assert_allclose(y.numpy(), 3 * np.concatenate([xv[1:4], xv]) + 1, rtol=1e-6)


# -- bad input -----------------------------------------------------------------------------------
def _raises(exc, fn, *words):
    with pytest.raises(exc) as info:
        fn()
    for word in words:
        assert word in str(info.value), (word, str(info.value))


def test_bad_tensor_arguments_raise_typed_errors_before_appending():
    x = _t(np.ones((2, 3), "float32"))
    two = _t(np.array([2, 3], "int64"))
    _raises(TypeError, lambda: paddle.full(_t(np.array([2.0, 3.0], "float32")), 1.0),
            "full's shape", "int32 or int64", "float32")
    _raises(ValueError, lambda: paddle.zeros([two, 2]), "zeros's shape[0]", "one element", "[2]")
    _raises(TypeError, lambda: paddle.reshape(x, [_t(np.float32(3)), 2]), "reshape's shape[0]",
            "float32")
    _raises(ValueError, lambda: paddle.concat([x, x], axis=two), "concat's axis", "one element")
    _raises(TypeError, lambda: paddle.split(x, 2, axis=_t(np.float32(1))), "split's axis",
            "float32")
    _raises(TypeError, lambda: paddle.scale(x, _t(np.array([1 + 2j], "complex64"))),
            "scale's scale", "complex64")
    _raises(TypeError, lambda: paddle.uniform([2, 2.5]), "uniform's shape[1]", "float")
    _raises(ValueError, lambda: paddle.ones([-2, 2]), "ones's shape", "-2")
    _raises(ValueError, lambda: paddle.slice(x, [0, 1], [0], [1, 2]), "slice's starts",
            "one entry per axis")
    _raises(ValueError, lambda: paddle.tile(x, [0, two[:1]]), "repeat_times")
    _raises(ValueError, lambda: paddle.reshape(x, _t(np.ones((2, 2), "int64"))),
            "reshape's shape", "1-D")
    _raises(TypeError, lambda: paddle.split(x, two), "num_or_sections")
    with static_program() as (main, _):
        xs = paddle.static.data("x", [-1, 3], "float32")
        ops_before = len(main.global_block().ops)
        _raises(TypeError, lambda: paddle.full(paddle.cast(paddle.shape(xs), "float32"), 1.0),
                "full's shape", "float32")
        _raises(ValueError, lambda: paddle.expand(xs, [paddle.shape(xs), 3]),
                "expand's shape[0]", "one element")
        assert [op.type for op in main.global_block().ops][ops_before:] == ["shape", "cast",
                                                                            "shape"]


def test_run_time_bad_shape_values_raise_and_the_executor_recovers():
    with static_program() as (main, _):
        k = paddle.static.data("k", [-1], "int64")  # its element count is unknown when built
        out = paddle.full([k, 2], 1.0)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        with pytest.raises(ValueError, match="ShapeTensorList"):
            exe.run(main, feed={"k": np.array([2, 3], "int64")}, fetch_list=[out])
        (got,) = exe.run(main, feed={"k": np.array([3], "int64")}, fetch_list=[out])
        assert np.asarray(got).shape == (3, 2)
        with pytest.raises(ValueError):  # a negative extent from a tensor
            exe.run(main, feed={"k": np.array([-3], "int64")}, fetch_list=[out])
        (got,) = exe.run(main, feed={"k": np.array([1], "int64")}, fetch_list=[out])
        assert np.asarray(got).shape == (1, 2)


# -- to_static with a None batch ---------------------------------------------------------------
def test_to_static_shape_entries_of_a_none_batch_follow_the_input():
    traces = []

    def fn(x):
        traces.append(1)
        rows = paddle.zeros([x.shape[0], 3]) + 1.0
        flat = x.reshape([x.shape[0], -1])
        batch, width = x.shape
        wide = paddle.expand(paddle.ones([1, width]), [batch, width])
        return rows + flat + wide

    static = paddle.jit.to_static(fn, input_spec=[InputSpec([None, 3], "float32")])
    for b in (2, 5):
        xv = rng.standard_normal((b, 3)).astype("float32")
        got = static(_t(xv))
        assert got.shape == [b, 3]
        np.testing.assert_allclose(got.numpy(), xv + 2.0, rtol=1e-6)
    assert len(traces) == 1


def test_to_static_known_shapes_stay_python_ints():
    seen = []

    def fn(x):
        seen.append(x.shape)
        return paddle.reshape(x, [x.shape[1], x.shape[0]])

    static = paddle.jit.to_static(fn, input_spec=[InputSpec([2, 3], "float32")])
    xv = rng.standard_normal((2, 3)).astype("float32")
    np.testing.assert_array_equal(static(_t(xv)).numpy(), xv.reshape(3, 2))
    assert all(isinstance(d, int) for d in seen[-1])


# -- clip's bounds, topk's k, one_hot's num_classes as tensors ------------------------------
def _bounded_ops(x, lo, hi, k, depth):
    ids = paddle.cast(paddle.clip(paddle.floor(paddle.abs(x) * 3), 0, 2), "int64")
    values, indices = paddle.topk(x, k, axis=1)
    return [paddle.clip(x, lo, hi), values, indices,
            paddle.nn.functional.one_hot(ids[:, 0], depth)]


def _expected_bounded(xv, lo, hi, k, depth):
    order = np.argsort(-xv, axis=1, kind="stable")[:, :k]
    ids = np.clip(np.floor(np.abs(xv) * 3), 0, 2).astype(np.int64)[:, 0]
    return [np.clip(xv, lo, hi), np.take_along_axis(xv, order, 1), order,
            np.eye(depth, dtype=np.float32)[ids]]


def test_clip_topk_one_hot_take_tensors_in_both_modes():
    xv = rng.uniform(-1, 1, (3, 5)).astype("float32")
    with static_program() as (main, _):
        x = paddle.static.data("x", [-1, 5], "float32")
        lo = paddle.static.data("lo", [1], "float32")
        k = paddle.static.data("k", [1], "int64")
        depth = paddle.static.data("depth", [1], "int32")
        outs = _bounded_ops(x, lo, 0.5, k, depth)
        assert outs[1].shape[1] == -1 and outs[3].shape[-1] == -1  # decided at run time
    exe = paddle.static.Executor(paddle.CPUPlace())
    for lo_v, k_v, depth_v in [(-0.5, 2, 3), (0.0, 4, 5)]:
        feed = {"x": xv, "lo": np.array([lo_v], "float32"), "k": np.array([k_v], "int64"),
                "depth": np.array([depth_v], "int32")}
        got = _run(exe, main, feed, outs)
        for g, w in zip(got, _expected_bounded(xv, lo_v, 0.5, k_v, depth_v)):
            np.testing.assert_allclose(g, w, rtol=1e-6)
    got = _bounded_ops(paddle.to_tensor(xv), paddle.to_tensor(np.array([-0.5], "float32")), 0.5,
                       paddle.to_tensor(np.array([2], "int32")),
                       paddle.to_tensor(np.array([3], "int64")))
    for g, w in zip(got, _expected_bounded(xv, -0.5, 0.5, 2, 3)):
        np.testing.assert_allclose(g.numpy(), w, rtol=1e-6)
    with pytest.raises(TypeError, match="topk's k"):
        paddle.topk(paddle.to_tensor(xv), paddle.to_tensor(np.array([2.0], "float32")))
