"""paddle.arange, linspace, eye, meshgrid, shape, numel, chunk, tile, expand, expand_as,
broadcast_to, flip, roll, repeat_interleave, where, t, mm, moveaxis, rot90, clone and
masked_fill: values in dynamic mode, a few static programs, gradients and bad input.
NumPy is the only reference."""
import numpy as np
import pytest

import paddle

rng = np.random.default_rng(11)


def _rand(*shape):
    return rng.standard_normal(shape).astype("float32")


def _t(array, grad=False):
    return paddle.to_tensor(array, stop_gradient=not grad)


def _dtype(t):
    return paddle.base.dtypes.dtype_to_str(t.dtype)


def _grads(fn, *arrays):
    """fn's outputs (one tensor or a list) weighted by random W and summed; returns
    (Ws, gradients of the inputs)."""
    ins = [_t(a, grad=True) for a in arrays]
    outs = fn(*ins)
    outs = outs if isinstance(outs, (list, tuple)) else [outs]
    ws = [_rand(*o.shape) for o in outs]
    loss = None
    for o, w in zip(outs, ws):
        term = (o * _t(w)).sum()
        loss = term if loss is None else loss + term
    grads = paddle.grad([loss], ins)
    return ws, [g.numpy() for g in grads]


# -- creation -------------------------------------------------------------------------------
def test_arange_values_and_dtypes():
    cases = [((5,), {}, np.arange(5), "int64"),
             ((3, 9, 2), {}, np.arange(3, 9, 2), "int64"),
             ((3, 9, 2.0), {}, np.arange(3, 9, 2.0), "float32"),
             ((4.5,), {}, np.arange(4.5), "float32"),
             ((10, 0, -3), {}, np.arange(10, 0, -3), "int64"),
             ((0, 1, 0.25), {"dtype": "float64"}, np.arange(0, 1, 0.25), "float64"),
             ((2, 7), {"dtype": "int32"}, np.arange(2, 7), "int32"),
             ((0, 3), {"dtype": paddle.float32}, np.arange(0, 3), "float32")]
    for args, kwargs, ref, dtype in cases:
        out = paddle.arange(*args, **kwargs)
        assert _dtype(out) == dtype, (args, kwargs)
        np.testing.assert_allclose(out.numpy(), ref, rtol=1e-6)
        assert out.stop_gradient
    out = paddle.arange(_t(np.array(3, "int64")), 7)
    assert _dtype(out) == "int64" and out.numpy().tolist() == [3, 4, 5, 6]
    out = paddle.arange(end=_t(np.array([2.5], "float32")))
    assert _dtype(out) == "float32" and out.numpy().tolist() == [0.0, 1.0, 2.0]
    assert paddle.arange(2**40, 2**40 + 3).numpy().tolist() == [2**40, 2**40 + 1, 2**40 + 2]


def test_linspace_matches_numpy():
    for start, stop, num in [(0, 10, 5), (-3.3, 7.1, 17), (1, 0, 6), (2.5, 2.5, 3), (0, 1, 2)]:
        out = paddle.linspace(start, stop, num)
        assert _dtype(out) == "float32" and out.shape == [num]
        np.testing.assert_allclose(out.numpy(), np.linspace(start, stop, num), rtol=1e-6,
                                   atol=1e-6)
        out = paddle.linspace(start, stop, num, dtype="float64")
        np.testing.assert_allclose(out.numpy(), np.linspace(start, stop, num), rtol=1e-13,
                                   atol=1e-13)
        assert out.numpy()[-1] == stop and out.numpy()[0] == start
    assert paddle.linspace(0, 10, 1).numpy().tolist() == [0.0]
    assert paddle.linspace(0, 10, 0).shape == [0]
    out = paddle.linspace(0, 10, 4, "int32")
    assert _dtype(out) == "int32" and out.numpy().tolist() == [0, 3, 6, 10]
    out = paddle.linspace(_t(np.array(1.0, "float32")), _t(np.array([3.0], "float32")),
                          _t(np.array([5], "int32")))
    np.testing.assert_allclose(out.numpy(), np.linspace(1, 3, 5), rtol=1e-6)
    assert out.stop_gradient


def test_eye_and_meshgrid():
    for args, ref in [((3,), np.eye(3)), ((2, 4), np.eye(2, 4)), ((4, 2), np.eye(4, 2)),
                      ((0,), np.eye(0))]:
        out = paddle.eye(*args)
        assert _dtype(out) == "float32" and out.stop_gradient
        np.testing.assert_array_equal(out.numpy(), ref)
    out = paddle.eye(3, dtype="int64")
    assert _dtype(out) == "int64" and out.numpy().tolist() == np.eye(3, dtype=int).tolist()

    a, b, c = _rand(3), _rand(2), _rand(4)
    refs = np.meshgrid(a, b, c, indexing="ij")
    for outs in (paddle.meshgrid(_t(a), _t(b), _t(c)), paddle.meshgrid([_t(a), _t(b), _t(c)])):
        assert len(outs) == 3
        for out, ref in zip(outs, refs):
            np.testing.assert_array_equal(out.numpy(), ref)
    ws, (ga, gb) = _grads(lambda x, y: paddle.meshgrid(x, y), a, b)
    np.testing.assert_allclose(ga, ws[0].sum(1), rtol=1e-5)
    np.testing.assert_allclose(gb, ws[1].sum(0), rtol=1e-5)


def test_clone_copies_and_passes_gradient():
    x = _rand(2, 3)
    xt = _t(x)
    out = paddle.clone(xt)
    np.testing.assert_array_equal(out.numpy(), x)
    out[0, 0] = 100.0
    assert xt.numpy()[0, 0] == x[0, 0]
    ws, (g,) = _grads(paddle.clone, x)
    np.testing.assert_allclose(g, ws[0])


# -- shape queries ----------------------------------------------------------------------------
def test_shape_and_numel():
    x = _t(_rand(2, 3, 4))
    s = paddle.shape(x)
    assert _dtype(s) == "int32" and s.numpy().tolist() == [2, 3, 4]
    n = paddle.numel(x)
    assert _dtype(n) == "int64" and n.shape == [] and int(n.numpy()) == 24
    assert int(paddle.numel(_t(np.zeros((0, 3), "float32"))).numpy()) == 0
    assert paddle.shape(_t(np.float32(1.0))).numpy().tolist() == []
    # Tensor.numel() is paddle.numel (a 0-D int64 tensor), as in PaddlePaddle; `size` the int.
    m = x.numel()
    assert _dtype(m) == "int64" and m.shape == [] and int(m) == 24 and x.size == 24


def test_variable_numel_is_a_tensor_in_static_programs():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [-1, 3], "float32")
            n = x.numel()
        exe = paddle.static.Executor(paddle.CPUPlace())
        (got,) = exe.run(main, feed={"x": np.zeros((5, 3), "float32")}, fetch_list=[n])
    finally:
        paddle.disable_static()
    assert np.asarray(got).dtype == np.int64 and np.asarray(got).shape == () and int(got) == 15


# -- splitting, tiling, broadcasting ----------------------------------------------------------
def test_chunk():
    x = _rand(4, 6)
    for chunks, axis in [(2, 0), (3, 1), (3, -1), (1, 0)]:
        outs = paddle.chunk(_t(x), chunks, axis)
        refs = np.split(x, chunks, axis)
        assert len(outs) == chunks
        for out, ref in zip(outs, refs):
            np.testing.assert_array_equal(out.numpy(), ref)
    ws, (g,) = _grads(lambda v: paddle.chunk(v, 3, axis=1), x)
    np.testing.assert_allclose(g, np.concatenate(ws, 1))


def test_tile_expand_broadcast_to_expand_as():
    x = _rand(2, 1, 3)
    xt = _t(x)
    for reps in ([2, 1, 1], (1, 3, 2), [2, 2, 1, 1], [3]):
        np.testing.assert_array_equal(paddle.tile(xt, reps).numpy(), np.tile(x, reps))
    np.testing.assert_array_equal(paddle.tile(xt, _t(np.array([1, 2, 1], "int32"))).numpy(),
                                  np.tile(x, [1, 2, 1]))
    for shape in ([2, 4, 3], (5, 2, 4, 3), [-1, 4, -1], [4, -1, 4, 3]):
        ref_shape = [d if d != -1 else x.shape[i - (len(shape) - 3)] for i, d in enumerate(shape)]
        ref = np.broadcast_to(x, ref_shape)
        np.testing.assert_array_equal(paddle.expand(xt, shape).numpy(), ref)
        np.testing.assert_array_equal(paddle.broadcast_to(xt, shape).numpy(), ref)
    y = _t(_rand(4, 2, 5, 3))
    np.testing.assert_array_equal(paddle.expand_as(xt, y).numpy(),
                                  np.broadcast_to(x, [4, 2, 5, 3]))

    ws, (g,) = _grads(lambda v: paddle.tile(v, [2, 3, 1]), x)
    np.testing.assert_allclose(g, ws[0].reshape(2, 2, 3, 1, 3).sum((0, 2)), rtol=1e-5,
                               atol=1e-6)
    ws, (g,) = _grads(lambda v: paddle.expand(v, [4, 2, 5, 3]), x)
    np.testing.assert_allclose(g, ws[0].sum(0).sum(1, keepdims=True), rtol=1e-5, atol=1e-6)
    ws, (g,) = _grads(lambda v: paddle.broadcast_to(v, [2, 5, 3]), x)
    np.testing.assert_allclose(g, ws[0].sum(1, keepdims=True), rtol=1e-5, atol=1e-6)
    ws, (g,) = _grads(lambda v: paddle.expand_as(v, y), x)
    np.testing.assert_allclose(g, ws[0].sum(0).sum(1, keepdims=True), rtol=1e-5, atol=1e-6)


# -- flips, rolls, repeats --------------------------------------------------------------------
def test_flip():
    x = _rand(2, 3, 4)
    for axis in (0, -1, [0, 2], (1,), [0, 1, 2]):
        ref = np.flip(x, axis if isinstance(axis, int) else tuple(axis))
        np.testing.assert_array_equal(paddle.flip(_t(x), axis).numpy(), ref)
    ws, (g,) = _grads(lambda v: paddle.flip(v, [0, 2]), x)
    np.testing.assert_allclose(g, np.flip(ws[0], (0, 2)))


def test_roll():
    x = _rand(3, 4, 5)
    for shifts, axis in [(2, None), (-7, None), (1, 0), (-2, 2), ([1, -3], [0, 2]),
                         ((5, 9), (1, -1)), (0, 1), (4, 1)]:
        ref = np.roll(x, shifts, axis if not isinstance(axis, list) else tuple(axis))
        np.testing.assert_array_equal(paddle.roll(_t(x), shifts, axis).numpy(), ref)
    ws, (g,) = _grads(lambda v: paddle.roll(v, [1, -3], [0, 2]), x)
    np.testing.assert_allclose(g, np.roll(ws[0], (-1, 3), (0, 2)))
    ws, (g,) = _grads(lambda v: paddle.roll(v, 7), x)
    np.testing.assert_allclose(g, np.roll(ws[0], -7))


def test_repeat_interleave():
    x = _rand(2, 3, 2)
    xt = _t(x)
    for repeats, axis in [(2, None), (3, 0), (2, 1), (1, -1), (0, 1)]:
        np.testing.assert_array_equal(paddle.repeat_interleave(xt, repeats, axis).numpy(),
                                      np.repeat(x, repeats, axis))
    np.testing.assert_array_equal(
        paddle.repeat_interleave(xt, _t(np.array([2, 0, 1], "int64")), 1).numpy(),
        np.repeat(x, [2, 0, 1], 1))
    np.testing.assert_array_equal(
        paddle.repeat_interleave(xt, _t(np.array([3], "int32")), 0).numpy(), np.repeat(x, 3, 0))
    ws, (g,) = _grads(lambda v: paddle.repeat_interleave(v, 3, 1), x)
    np.testing.assert_allclose(g, ws[0].reshape(2, 3, 3, 2).sum(2), rtol=1e-5, atol=1e-6)
    ws, (g,) = _grads(lambda v: paddle.repeat_interleave(v, 2), x)
    np.testing.assert_allclose(g, ws[0].reshape(-1, 2).sum(1).reshape(x.shape), rtol=1e-5,
                               atol=1e-6)


# -- where, masked_fill ----------------------------------------------------------------------
def test_where():
    x, y = _rand(3, 4), _rand(3, 4)
    c = x > y
    np.testing.assert_array_equal(paddle.where(_t(c), _t(x), _t(y)).numpy(), np.where(c, x, y))
    # broadcasting among condition, x and y
    c2, x2, y2 = rng.random((3, 1)) > 0.5, _rand(1, 4), _rand(2, 1, 1)
    np.testing.assert_array_equal(paddle.where(_t(c2), _t(x2), _t(y2)).numpy(),
                                  np.where(c2, x2, y2))
    out = paddle.where(_t(c), _t(x), 0.0)
    assert _dtype(out) == "float32"
    np.testing.assert_array_equal(out.numpy(), np.where(c, x, 0.0))
    xi = np.arange(12, dtype="int64").reshape(3, 4)
    out = paddle.where(_t(c), 7, _t(xi))
    assert _dtype(out) == "int64"
    np.testing.assert_array_equal(out.numpy(), np.where(c, 7, xi))

    ws, (gx, gy) = _grads(lambda a, b: paddle.where(_t(c), a, b), x, y)
    np.testing.assert_allclose(gx, ws[0] * c)
    np.testing.assert_allclose(gy, ws[0] * ~c)
    ws, (gx, gy) = _grads(lambda a, b: paddle.where(_t(c2), a, b), x2, y2)
    full = np.broadcast_to(c2, (2, 3, 4))
    np.testing.assert_allclose(gx, (ws[0] * full).sum((0, 1))[None], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gy, (ws[0] * ~full).sum((1, 2))[:, None, None], rtol=1e-5,
                               atol=1e-6)


def test_masked_fill():
    x = _rand(3, 4)
    mask = rng.random((3, 4)) > 0.5
    row = np.array([True, False, True, False])
    np.testing.assert_array_equal(paddle.masked_fill(_t(x), _t(mask), 2.5).numpy(),
                                  np.where(mask, np.float32(2.5), x))
    np.testing.assert_array_equal(paddle.masked_fill(_t(x), _t(row), -1).numpy(),
                                  np.where(row, np.float32(-1), x))
    out = paddle.masked_fill(_t(x), _t(mask), _t(np.array(3.0, "float64")))
    assert _dtype(out) == "float32"
    np.testing.assert_array_equal(out.numpy(), np.where(mask, np.float32(3.0), x))
    xi = np.arange(12, dtype="int32").reshape(3, 4)
    out = paddle.masked_fill(_t(xi), _t(mask), 9)
    assert _dtype(out) == "int32"
    np.testing.assert_array_equal(out.numpy(), np.where(mask, 9, xi))

    ws, (gx, gv) = _grads(lambda a, v: paddle.masked_fill(a, _t(mask), v),
                          x, np.array(1.5, "float32"))
    np.testing.assert_allclose(gx, ws[0] * ~mask)
    np.testing.assert_allclose(gv, (ws[0] * mask).sum(), rtol=1e-5)


# -- transposes, matmul ----------------------------------------------------------------------
def test_t_mm_moveaxis():
    a, b = _rand(3, 4), _rand(4, 5)
    np.testing.assert_array_equal(paddle.t(_t(a)).numpy(), a.T)
    v = _rand(4)
    np.testing.assert_array_equal(paddle.t(_t(v)).numpy(), v)
    np.testing.assert_allclose(paddle.mm(_t(a), _t(b)).numpy(), a @ b, rtol=1e-5, atol=1e-6)
    batch = _rand(2, 3, 4)
    np.testing.assert_allclose(paddle.mm(_t(batch), _t(b)).numpy(), batch @ b, rtol=1e-5,
                               atol=1e-6)
    x = _rand(2, 3, 4, 5)
    for src, dst in [(0, -1), (-1, 0), ([0, 1], [2, 3]), ((3, 0), (0, 2)), (1, 1)]:
        np.testing.assert_array_equal(paddle.moveaxis(_t(x), src, dst).numpy(),
                                      np.moveaxis(x, src, dst))

    ws, (g,) = _grads(paddle.t, a)
    np.testing.assert_allclose(g, ws[0].T)
    ws, (ga, gb) = _grads(paddle.mm, a, b)
    np.testing.assert_allclose(ga, ws[0] @ b.T, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(gb, a.T @ ws[0], rtol=1e-5, atol=1e-5)
    ws, (g,) = _grads(lambda v: paddle.moveaxis(v, [0, 1], [2, 3]), x)
    np.testing.assert_allclose(g, np.moveaxis(ws[0], [2, 3], [0, 1]))


def test_rot90():
    x = _rand(2, 3, 4)
    for k in range(-5, 6):
        for axes in ([0, 1], [1, 2], [2, 0], (-1, -2)):
            np.testing.assert_array_equal(paddle.rot90(_t(x), k, axes).numpy(),
                                          np.rot90(x, k, tuple(axes)))
    np.testing.assert_array_equal(paddle.rot90(_t(x)).numpy(), np.rot90(x))
    for k in (1, 2, 3):
        ws, (g,) = _grads(lambda v, k=k: paddle.rot90(v, k, [1, 2]), x)
        np.testing.assert_allclose(g, np.rot90(ws[0], -k, (1, 2)))


# -- Tensor methods ---------------------------------------------------------------------------
def test_tensor_methods():
    x = _rand(2, 3)
    xt = _t(x)
    mask = x > 0
    np.testing.assert_array_equal(xt.tile([2, 1]).numpy(), np.tile(x, [2, 1]))
    np.testing.assert_array_equal(xt.expand([4, 2, 3]).numpy(), np.broadcast_to(x, [4, 2, 3]))
    np.testing.assert_array_equal(xt.broadcast_to([4, 2, 3]).numpy(),
                                  np.broadcast_to(x, [4, 2, 3]))
    np.testing.assert_array_equal(xt[:1].expand_as(xt).numpy(), np.broadcast_to(x[:1], [2, 3]))
    np.testing.assert_array_equal(xt.flip(1).numpy(), x[:, ::-1])
    np.testing.assert_array_equal(xt.roll(1, 1).numpy(), np.roll(x, 1, 1))
    np.testing.assert_array_equal(xt.repeat_interleave(2, 0).numpy(), np.repeat(x, 2, 0))
    np.testing.assert_array_equal(xt.t().numpy(), x.T)
    np.testing.assert_allclose(xt.mm(xt.t()).numpy(), x @ x.T, rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(xt.moveaxis(0, 1).numpy(), x.T)
    np.testing.assert_array_equal(xt.rot90().numpy(), np.rot90(x))
    assert [c.shape for c in xt.chunk(3, 1)] == [[2, 1]] * 3
    np.testing.assert_array_equal(xt.masked_fill(_t(mask), 0.0).numpy(), np.where(mask, 0, x))
    np.testing.assert_array_equal(_t(mask).where(xt, -xt).numpy(), np.where(mask, x, -x))
    np.testing.assert_array_equal(xt.clone().numpy(), x)


# -- static programs --------------------------------------------------------------------------
def test_static_programs_match_numpy():
    x = _rand(3, 4)
    y = _rand(3, 4)
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xv = paddle.static.data("x", [3, 4], "float32")
            yv = paddle.static.data("y", [None, 4], "float32")
            fetches = [paddle.arange(1, 10, 2), paddle.arange(0.0, 1.0, 0.25),
                       paddle.linspace(-1, 1, 5), paddle.linspace(0, 10, 4, "int64"),
                       paddle.eye(2, 3), paddle.shape(yv), paddle.numel(xv), paddle.numel(yv),
                       paddle.tile(xv, [1, 2]), paddle.expand(xv, [2, 3, 4]),
                       paddle.expand_as(xv[:1], xv), paddle.flip(xv, [0, 1]),
                       paddle.roll(xv, 5), paddle.roll(xv, [1, -1], [0, 1]),
                       paddle.repeat_interleave(xv, 2, 1), paddle.where(xv > yv, xv, yv),
                       paddle.masked_fill(xv, xv > 0, 0.5), paddle.t(xv),
                       paddle.mm(xv, paddle.t(xv)), paddle.moveaxis(xv, 0, 1),
                       paddle.rot90(xv, 1), paddle.clone(xv)]
            fetches += paddle.chunk(xv, 2, axis=1)
            fetches += paddle.meshgrid(paddle.arange(3), paddle.arange(2))
            vv = paddle.static.data("v", [None], "float32")  # an extent known only at run time
            fetches += paddle.meshgrid(vv, paddle.linspace(0, 1, 3))
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        res = exe.run(main, feed={"x": x, "y": y, "v": x[0]}, fetch_list=fetches)
    finally:
        paddle.disable_static()
    refs = [np.arange(1, 10, 2), np.arange(0.0, 1.0, 0.25), np.linspace(-1, 1, 5),
            np.array([0, 3, 6, 10]), np.eye(2, 3), np.array([3, 4]), np.array(12),
            np.array(12), np.tile(x, [1, 2]), np.broadcast_to(x, [2, 3, 4]),
            np.broadcast_to(x[:1], [3, 4]), x[::-1, ::-1], np.roll(x, 5),
            np.roll(x, [1, -1], [0, 1]), np.repeat(x, 2, 1), np.where(x > y, x, y),
            np.where(x > 0, np.float32(0.5), x), x.T, x @ x.T, x.T, np.rot90(x), x]
    refs += np.split(x, 2, 1)
    refs += np.meshgrid(np.arange(3), np.arange(2), indexing="ij")
    refs += np.meshgrid(x[0], np.linspace(0, 1, 3), indexing="ij")
    assert len(res) == len(refs)
    for i, (got, ref) in enumerate(zip(res, refs)):
        np.testing.assert_allclose(np.asarray(got), ref, rtol=1e-5, atol=1e-6,
                                   err_msg=f"fetch {i}")
    assert res[5].dtype == np.int32 and res[6].dtype == np.int64 and res[7].dtype == np.int64
    assert res[0].dtype == np.int64 and res[1].dtype == np.float32


def test_static_gradients():
    x, y = _rand(3, 4), _rand(3, 4)
    w = _rand(4, 3)
    c = x > y
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xv = paddle.static.data("x", [3, 4], "float32")
            yv = paddle.static.data("y", [3, 4], "float32")
            xv.stop_gradient = False
            yv.stop_gradient = False
            wv = paddle.static.data("w", [4, 3], "float32")
            out = paddle.rot90(paddle.roll(paddle.where(xv > yv, xv, yv), 2, 1), 1)
            loss = paddle.sum(out * wv)
            gx, gy = paddle.static.gradients([loss], [xv, yv])
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        got_x, got_y = exe.run(main, feed={"x": x, "y": y, "w": w}, fetch_list=[gx, gy])
    finally:
        paddle.disable_static()
    g = np.roll(np.rot90(w, -1), -2, 1)
    np.testing.assert_allclose(got_x, g * c, rtol=1e-6)
    np.testing.assert_allclose(got_y, g * ~c, rtol=1e-6)


# -- bad input --------------------------------------------------------------------------------
def _raises(exc, fn, *words):
    with pytest.raises(exc) as info:
        fn()
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


def test_bad_input_raises_typed_errors():
    x = _t(_rand(2, 3))
    _raises(ValueError, lambda: paddle.arange(0, 5, 0), "step", "but got 0")
    _raises(TypeError, lambda: paddle.arange("a"), "start", "str")
    _raises(TypeError, lambda: paddle.arange(5, dtype="bool"), "dtype", "bool")
    _raises(TypeError, lambda: paddle.linspace(0, 1, 2.5), "num", "float")
    _raises(ValueError, lambda: paddle.linspace(0, 1, -1), "num", "-1")
    _raises(TypeError, lambda: paddle.eye(2.0), "num_rows")
    _raises(ValueError, lambda: paddle.eye(-2), "num_rows", "-2")
    _raises(TypeError, lambda: paddle.meshgrid(_t(_rand(3)), [1, 2]), "Tensor", "list")
    _raises(ValueError, lambda: paddle.meshgrid(x), "1-D", "[2, 3]")
    _raises(TypeError, lambda: paddle.shape([1, 2]), "input", "list")
    _raises(ValueError, lambda: paddle.chunk(x, 2, axis=1), "divisible", "3")
    _raises(ValueError, lambda: paddle.chunk(x, 0), "chunks", "0")
    _raises(ValueError, lambda: paddle.chunk(x, 1, axis=2), "axis", "2")
    _raises(ValueError, lambda: paddle.tile(x, [0, 1]), "repeat_times", "[0, 1]")
    _raises(TypeError, lambda: paddle.tile(x, 2), "repeat_times", "int")
    _raises(ValueError, lambda: paddle.expand(x, [2, 4]), "shape", "[2, 3]")
    _raises(ValueError, lambda: paddle.expand(x, [3]), "rank", "[3]")
    _raises(ValueError, lambda: paddle.broadcast_to(x, [-1, 2, 3]), "-1")
    _raises(ValueError, lambda: paddle.expand_as(x, _t(_rand(2, 4))), "[2, 4]")
    _raises(ValueError, lambda: paddle.flip(x, 2), "axis", "2")
    _raises(ValueError, lambda: paddle.flip(x, [0, -2]), "once")
    _raises(ValueError, lambda: paddle.roll(x, [1, 2], 0), "same length")
    _raises(ValueError, lambda: paddle.roll(x, [1, 2]), "axis is None")
    _raises(ValueError, lambda: paddle.repeat_interleave(x, -1, 0), "repeats", "-1")
    _raises(TypeError, lambda: paddle.repeat_interleave(x, 1.5, 0), "repeats", "float")
    _raises(ValueError, lambda: paddle.repeat_interleave(x, _t(np.array([1, 2])), 1),
            "3", "[1, 2]")
    # With condition alone, where is nonzero(condition, as_tuple=True) (test_ops_new_more.py).
    assert len(paddle.where(x > 0)) == 2
    _raises(ValueError, lambda: paddle.where(x > 0, x), "x and y")
    _raises(TypeError, lambda: paddle.where(x, x, x), "condition", "bool", "float32")
    _raises(TypeError, lambda: paddle.where(x > 0, x, _t(np.zeros((2, 3), "int64"))),
            "float32", "int64")
    _raises(ValueError, lambda: paddle.where(x > 0, x, _t(_rand(4))), "broadcast", "[4]")
    _raises(TypeError, lambda: paddle.masked_fill(x, x, 1.0), "mask", "bool")
    _raises(TypeError, lambda: paddle.masked_fill(x, x > 0, "a"), "value", "str")
    _raises(ValueError, lambda: paddle.t(_t(_rand(2, 2, 2))), "at most 2", "3")
    _raises(TypeError, lambda: paddle.mm(x, x.numpy()), "mat2", "ndarray")
    _raises(ValueError, lambda: paddle.moveaxis(x, [0, 1], 0), "same length")
    _raises(ValueError, lambda: paddle.moveaxis(x, 0, 5), "destination", "5")
    _raises(ValueError, lambda: paddle.rot90(x, 1, [0, 0]), "different")
    _raises(ValueError, lambda: paddle.rot90(x, 1, [0]), "2 ints")
    _raises(ValueError, lambda: paddle.rot90(_t(_rand(3)), 1), "at least 2")
    _raises(TypeError, lambda: paddle.clone(3), "x", "int")


def test_static_tensor_arguments_not_supported_yet():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xv = paddle.static.data("x", [2, 3], "float32")
            n = paddle.static.data("n", [1], "int32")
            _raises(NotImplementedError, lambda: paddle.linspace(0, 1, n), "num")
            # tile's repeat_times as a Tensor is supported (test_tensor_fed_attrs.py)
            _raises(NotImplementedError, lambda: paddle.repeat_interleave(xv, n, 0), "repeats")
    finally:
        paddle.disable_static()
