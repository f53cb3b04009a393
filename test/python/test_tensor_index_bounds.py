"""Indexing with bounds that tensors give: x[a:b], x[a:b:s], x[i] and x[a:b] = v where a, b, s
or i are one-element int Tensors, as PaddlePaddle accepts them. Static programs read the values
at run time (one program, several batch sizes and several fed bounds), gradients flow through
slice / strided_slice / set_value, eager mode and to_static with a None batch agree, and bad
bounds get typed errors. NumPy is the only reference."""
import itertools

import numpy as np
import pytest

import paddle
from op_test import static_program
from paddle.static import InputSpec

rng = np.random.default_rng(11)


def _ops(main, *types):
    return [op for op in main.global_block().ops if op.type in types]


def _exe(startup):
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    return exe


def _run(exe, main, feed, fetch):
    return [np.asarray(v) for v in exe.run(main, feed=feed, fetch_list=fetch)]


def _xv(b, width=4):
    return rng.standard_normal((b, width)).astype("float32")


# NumPy's answer for batch b; h = b // 2 as the program computes it from paddle.shape(x).
_GETITEM_CASES = {
    "head": lambda x, n, h: x[:h],
    "tail_negative": lambda x, n, h: x[-h:],
    "start_stop": lambda x, n, h: x[1:n - 1],
    "crossing": lambda x, n, h: x[h:1],
    "column": lambda x, n, h: x[:, :h - n + 3],
    "step_tensor": lambda x, n, h: x[::h],
    "stepped": lambda x, n, h: x[1:n:2],
    "reversed_from": lambda x, n, h: x[h::-1],
    "reversed_to_zero": lambda x, n, h: x[n:0:-1],
    "negative_step_negative_start": lambda x, n, h: x[-h::-2, 1],
    "index": lambda x, n, h: x[h],
    "index_last": lambda x, n, h: x[n - 1],
    "index_negative": lambda x, n, h: x[-h],
    "index_and_slice": lambda x, n, h: x[h - 1, 1:3],
    "index_and_step": lambda x, n, h: x[h, ::-1],
    "ellipsis": lambda x, n, h: x[..., h - n + 2],
    "ellipsis_slice": lambda x, n, h: x[1:h + 1, ...],
}


def test_static_getitem_reads_tensor_bounds_at_run_time():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 4], "float32")
        n = paddle.shape(x)[0]  # 0-D int32, known at run time only
        h = n // 2
        outs = {k: f(x, n, h) for k, f in _GETITEM_CASES.items()}
    # Build time: -1 where a tensor bounds the axis, Python-bounded axes keep their extent.
    assert outs["head"].shape == (-1, 4) and outs["column"].shape == (-1, -1)
    assert outs["index"].shape == (4,) and outs["index_and_slice"].shape == (2,)
    assert outs["negative_step_negative_start"].shape == (-1,)
    assert outs["ellipsis"].shape == (-1,)
    exe = _exe(startup)
    names = list(outs)
    for b in (4, 7):  # one program, two batch sizes: two answers
        xv = _xv(b)
        got = dict(zip(names, _run(exe, main, {"x": xv}, [outs[k] for k in names])))
        for k in names:
            want = _GETITEM_CASES[k](xv, b, b // 2)
            assert got[k].shape == want.shape, (k, b)
            np.testing.assert_array_equal(got[k], want, err_msg=f"{k} with batch {b}")


def test_static_getitem_emits_tensor_slots():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 4], "float32")
        n = paddle.shape(x)[0]
        head = x[1:n, 2:]
        (slice_op,) = [op for op in _ops(main, "slice") if op.output("Out")[0] == head.name]
        assert slice_op.attr("starts") == [1, 2]  # no tensor among the starts: attributes
        assert not slice_op.input("StartsTensorList")
        assert slice_op.attr("ends") == [-1, 2 ** 31 - 1]
        assert slice_op.attr("infer_flags") == [-1, 1]
        ends = slice_op.input("EndsTensorList")
        assert ends[0] == n.name
        const = main.global_block().var(ends[1])
        assert str(const.dtype).endswith("INT64")  # the int entry: an exact int64 constant
        assert head.shape == (-1, 2)

        x[::n]  # a step: strided_slice with StridesTensorList
        strided = _ops(main, "strided_slice")[-1]
        assert strided.input("StridesTensorList") and strided.attr("strides") == [-1]
        assert strided.attr("infer_flags") == [-1]

        picked = x[n - 1]  # a 0-D tensor index: a slice dropping the axis
        pick_op = [op for op in _ops(main, "slice") if op.output("Out")[0] == picked.name][0]
        assert pick_op.attr("decrease_axis") == [0]
        assert pick_op.input("StartsTensorList") and pick_op.input("EndsTensorList")

        # Python ints keep the attribute-only fast path.
        before = len(main.global_block().ops)
        plain = x[1:3, 2]
        assert len(main.global_block().ops) == before + 1
        plain_op = main.global_block().ops[-1]
        assert plain_op.type == "slice" and plain_op.attr("starts") == [1, 2]
        assert plain_op.attr("infer_flags") == [1, 1] and not plain_op.input("EndsTensorList")
        assert plain.shape == (-1,)


def test_static_fed_bounds_follow_python_slicing():
    """Bounds and steps fed as data: every start/stop/step combination, in and out of range,
    against NumPy, for getitem and setitem, through one program."""
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 3], "float32")
        a = paddle.static.data("a", [1], "int64")
        b = paddle.static.data("b", [], "int32")
        s = paddle.static.data("s", [1], "int64")
        gets = [x[a:b], x[a:b:s], x[a::s], x[:b:s], x[a:b:2], x[a:b:-1], x[a:b:-2], x[::s],
                x[a:b, 1], x[a:, b:]]
        keys = [(a, b, None), (a, b, s), (a, None, s), (None, b, -1)]
        sets = []
        for key in keys:
            y = x * 1.0
            y[slice(*key)] = -1.0
            sets.append(y)
    exe = _exe(startup)
    for count in (0, 1, 5):
        xv = np.arange(count * 3, dtype="float32").reshape(count, 3)
        for av, bv, sv in itertools.product(range(-7, 8, 2), range(-6, 8, 3), (-3, -1, 1, 2)):
            feed = {"x": xv, "a": np.array([av]), "b": np.array(bv, "int32"),
                    "s": np.array([sv])}
            got = _run(exe, main, feed, gets + sets)
            wants = [xv[av:bv], xv[av:bv:sv], xv[av::sv], xv[:bv:sv], xv[av:bv:2],
                     xv[av:bv:-1], xv[av:bv:-2], xv[::sv], xv[av:bv, 1], xv[av:, bv:]]
            for key in ((av, bv, None), (av, bv, sv), (av, None, sv), (None, bv, -1)):
                yv = xv.copy()
                yv[slice(*key)] = -1.0
                wants.append(yv)
            for i, (g, w) in enumerate(zip(got, wants)):
                assert g.shape == w.shape, (i, count, av, bv, sv)
                np.testing.assert_array_equal(g, w, err_msg=f"{i}: {count} {av} {bv} {sv}")


def test_static_tensor_index_in_and_out_of_range():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 3], "float32")
        i = paddle.static.data("i", [], "int64")
        outs = [x[i], x[i, 2], x[i, ::-1], x[..., i - i + 1]]
        y = x * 1.0
        y[i] = 9.0
    exe = _exe(startup)
    xv = np.arange(15, dtype="float32").reshape(5, 3)
    for iv in range(-5, 5):
        got = _run(exe, main, {"x": xv, "i": np.array(iv)}, outs + [y])
        yv = xv.copy()
        yv[iv] = 9.0
        for g, w in zip(got, [xv[iv], xv[iv, 2], xv[iv, ::-1], xv[..., 1], yv]):
            np.testing.assert_array_equal(g, w)
    with pytest.raises(ValueError, match="decrease_axis"):
        exe.run(main, feed={"x": xv, "i": np.array(5)}, fetch_list=[outs[0]])
    got = _run(exe, main, {"x": xv, "i": np.array(-1)}, [outs[0]])  # the executor recovers
    np.testing.assert_array_equal(got[0], xv[-1])


def test_static_setitem_with_tensor_bounds():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 4], "float32")
        v = paddle.static.data("v", [4], "float32")
        n = paddle.shape(x)[0]
        h = n // 2
        tail, row, block, stepped = x * 1.0, x * 1.0, x * 1.0, x * 1.0
        tail[h:] = 5.0
        row[-h] = v
        block[-h, 1:3] = paddle.full([2], 7.0)
        stepped[n:0:-h, ..., 1] = -1.0
        set_ops = _ops(main, "set_value")
        assert all(op.input("StartsTensorList") or op.input("EndsTensorList") for op in set_ops)
    exe = _exe(startup)
    for b in (4, 7):
        xv, vv = _xv(b), rng.standard_normal(4).astype("float32")
        got = _run(exe, main, {"x": xv, "v": vv}, [tail, row, block, stepped])
        hh = b // 2
        want = [xv.copy() for _ in range(4)]
        want[0][hh:] = 5.0
        want[1][-hh] = vv
        want[2][-hh, 1:3] = 7.0
        want[3][b:0:-hh, ..., 1] = -1.0
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)


def test_static_gradients_through_tensor_bounded_indexing():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 4], "float32")
        x.stop_gradient = False
        v = paddle.static.data("v", [2], "float32")
        v.stop_gradient = False
        n = paddle.shape(x)[0]
        h = n // 2
        loss = ((x[1:h + 1, 1:] * 2.0).sum() + (x[h] * 3.0).sum() + (x[n - 1:0:-2] * 5.0).sum()
                + (x[-h, ::n] * 7.0).sum())
        y = x * 1.0
        y[h:, 1:3] = 0.0
        y[-1, h - h:2] = v
        loss = loss + (y * y).sum()
        paddle.static.append_backward(loss)
        for kind in ("slice_grad", "strided_slice_grad", "set_value_grad"):
            assert any(op.input("StartsTensorList") or op.input("EndsTensorList")
                       for op in _ops(main, kind)), kind
        gx = main.global_block().var(x.name + "@GRAD")
        gv = main.global_block().var(v.name + "@GRAD")
    exe = _exe(startup)
    for b in (4, 7):
        xv, vv = _xv(b), rng.standard_normal(2).astype("float32")
        got_x, got_v = _run(exe, main, {"x": xv, "v": vv}, [gx, gv])
        hh = b // 2
        want = np.zeros_like(xv)
        want[1:hh + 1, 1:] += 2.0
        want[hh] += 3.0
        want[b - 1:0:-2] += 5.0
        want[-hh, ::b] += 7.0
        yv = xv.copy()
        yv[hh:, 1:3] = 0.0
        yv[-1, 0:2] = vv
        through = 2.0 * yv
        through[hh:, 1:3] = 0.0  # overwritten: no gradient reaches x there
        through[-1, 0:2] = 0.0
        np.testing.assert_allclose(got_x, want + through, rtol=1e-6)
        np.testing.assert_allclose(got_v, 2.0 * vv, rtol=1e-6)


# -- eager mode --------------------------------------------------------------------------------
def test_eager_tensor_bounds_and_gradients():
    xv = _xv(6)
    x = paddle.to_tensor(xv, stop_gradient=False)
    t = paddle.to_tensor(2)
    t1 = paddle.to_tensor([3], dtype="int32")
    s = paddle.to_tensor(-2)
    keys = [np.s_[:2], np.s_[2], np.s_[1:3:1], np.s_[3::-2], np.s_[2, -2], np.s_[..., 2],
            np.s_[-3:], np.s_[2:0:-1, 1:3]]
    got = [x[:t], x[t], x[1:t1:1], x[t1::s], x[t, s], x[..., t], x[-t1:], x[t:0:-1, 1:t1]]
    for g, key in zip(got, keys):
        np.testing.assert_array_equal(g.numpy(), xv[key])
    loss = sum((g * (k + 1)).sum() for k, g in enumerate(got))
    loss.backward()
    want = np.zeros_like(xv)
    for k, key in enumerate(keys):
        want[key] += k + 1
    np.testing.assert_allclose(x.grad.numpy(), want)

    y = paddle.to_tensor(xv)
    y[t:t1 + 2] = 0.0
    y[-t, ::s] = 1.0
    yv = xv.copy()
    yv[2:5] = 0.0
    yv[-2, ::-2] = 1.0
    np.testing.assert_array_equal(y.numpy(), yv)

    # Gradients through an eager setitem with tensor bounds (set_value's grad).
    a = paddle.to_tensor(xv, stop_gradient=False)
    val = paddle.to_tensor(np.ones([4], "float32"), stop_gradient=False)
    b = a * 1.0
    b[t] = val * 3.0
    (b * b).sum().backward()
    ga = 2.0 * xv
    ga[2] = 0.0
    np.testing.assert_allclose(a.grad.numpy(), ga, rtol=1e-6)
    np.testing.assert_allclose(val.grad.numpy(), np.full([4], 18.0), rtol=1e-6)


# -- errors ------------------------------------------------------------------------------------
def test_bad_tensor_bounds_raise_typed_errors():
    x = paddle.to_tensor(_xv(4))
    with pytest.raises(TypeError, match="slice start of index 0.*float32"):
        x[paddle.to_tensor(1.5):]
    with pytest.raises(TypeError, match="slice stop of index 1.*float32"):
        x[:, :paddle.to_tensor(2.0)]
    with pytest.raises(TypeError, match="index 0 .*float32"):
        x[paddle.to_tensor(1.0)]
    with pytest.raises(ValueError, match="slice step of index 0.*one element"):
        x[::paddle.to_tensor([1, 2])]
    with pytest.raises(TypeError, match="slice stop of index 0.*float32"):
        x[:paddle.to_tensor(2.0)] = 1.0
    with static_program() as (main, _):
        xs = paddle.static.data("x", [-1, 4], "float32")
        f = paddle.static.data("f", [], "float32")
        k = paddle.static.data("k", [3], "int64")
        before = len(main.global_block().ops)
        with pytest.raises(TypeError, match="slice stop of index 1.*float32"):
            xs[1:, :f]
        with pytest.raises(TypeError, match="index 0 .*float32"):
            xs[f]
        with pytest.raises(ValueError, match="slice start of index 0.*one element"):
            xs[k:]
        with pytest.raises(TypeError, match="slice step of index 0.*float32"):
            xs[::f] = 1.0
        assert len(main.global_block().ops) == before  # nothing appended
        with pytest.raises(ValueError, match="nonzero"):
            xs[paddle.shape(xs)[0]::0]


# -- to_static with a None batch ---------------------------------------------------------------
def test_to_static_slices_follow_the_batch_fed():
    traces = []

    def fn(x):
        traces.append(1)
        half = x[:x.shape[0] // 2]
        last = x[x.shape[0] - 1]
        trimmed = x[:, :x.shape[1] - 1]  # a known extent: a Python int
        y = x * 1.0
        y[x.shape[0] // 2:] = 0.0
        return half, last, trimmed, y

    static = paddle.jit.to_static(fn, input_spec=[InputSpec([None, 4], "float32")])
    for b in (4, 7):
        xv = _xv(b)
        got = static(paddle.to_tensor(xv))
        zeroed = xv.copy()
        zeroed[b // 2:] = 0.0
        for g, w in zip(got, [xv[:b // 2], xv[b - 1], xv[:, :3], zeroed]):
            assert g.shape == list(w.shape)
            np.testing.assert_array_equal(g.numpy(), w)
    assert len(traces) == 1


def test_to_static_gradients_through_tensor_bounded_slices():
    def fn(x):
        n = paddle.shape(x)[0] // 2
        return (x[:n] * 2.0).sum() + (x[n:] * 3.0).sum()

    static = paddle.jit.to_static(fn, input_spec=[InputSpec([None, 4], "float32")])
    for b in (4, 5):
        xv = _xv(b)
        x = paddle.to_tensor(xv, stop_gradient=False)
        static(x).backward()
        want = np.full_like(xv, 3.0)
        want[:b // 2] = 2.0
        np.testing.assert_allclose(x.grad.numpy(), want)


def test_to_static_loop_over_a_none_batch_indexes_with_the_loop_tensor():
    traces = []

    def fn(x):
        traces.append(1)
        acc = paddle.zeros([4])
        for i in range(x.shape[0]):  # an int32 extent read at run time; i a 0-D tensor
            acc = acc + x[i] * 2.0 + x[i:i + 1].sum(axis=0) + x[-1 - i]
        return acc

    static = paddle.jit.to_static(fn, input_spec=[InputSpec([None, 4], "float32")])
    for b in (3, 6):
        xv = _xv(b)
        np.testing.assert_allclose(static(paddle.to_tensor(xv)).numpy(), xv.sum(0) * 4.0,
                                   rtol=1e-5)
    assert len(traces) == 1


# -- None: a new axis of extent 1 -------------------------------------------------------------
_NEW_AXES = [(slice(None), None), (None,), (None, Ellipsis, None), (1, None, slice(None, None, 2)),
             (Ellipsis, None, 0), (None, 1, None), (slice(0, 1), None, -1)]


def test_none_indices_insert_axes_in_both_modes():
    a = rng.standard_normal((2, 3, 4))
    for idx in _NEW_AXES:
        np.testing.assert_array_equal(paddle.to_tensor(a)[idx].numpy(), a[idx], err_msg=str(idx))
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 3, 4], "float64")
        n = paddle.shape(x)[0]
        outs = [x[idx] for idx in _NEW_AXES] + [x[:n - 1, None, 1]]  # with a tensor bound
        assert outs[0].shape == (-1, 1, 3, 4) and outs[-1].shape == (-1, 1, 4)
    exe = _exe(startup)
    for batch in (2, 5):
        xv = rng.standard_normal((batch, 3, 4))
        got = _run(exe, main, {"x": xv}, outs)
        for idx, g in zip(_NEW_AXES + [(slice(0, batch - 1), None, 1)], got):
            np.testing.assert_array_equal(g, xv[idx], err_msg=str(idx))


def test_gradient_through_none_indexing():
    a = rng.standard_normal((2, 3))
    x = paddle.to_tensor(a, stop_gradient=False)
    w = rng.standard_normal((2, 1, 1, 2))
    (x[:, None, None, 1:] * paddle.to_tensor(w)).sum().backward()
    want = np.zeros_like(a)
    want[:, 1:] = w[:, 0, 0, :]
    np.testing.assert_allclose(x.grad.numpy(), want)
