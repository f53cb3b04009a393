"""x[index] and x[index] = v against NumPy: Python-int slices over a grid of starts, stops and
steps (in and out of range, crossing) in eager mode and in static programs whose extent is
known or fed at run time; int indices in and out of range; boolean masks of x's shape and of
its leading axes; one integer list / array / Tensor alone or among slices, ints, None and ...;
gradients, to_static with a None batch, and the typed errors. NumPy is the only reference."""
import itertools
import re

import numpy as np
import pytest

import paddle
from op_test import static_program
from paddle.static import InputSpec

rng = np.random.default_rng(23)

_BOUNDS = list(range(-8, 9)) + [None]
_STEPS = [-3, -2, -1, 1, 2, 3, None]
_KEYS = [slice(*k) for k in itertools.product(_BOUNDS, _BOUNDS, _STEPS)]


def _rows(n, width=2):
    return np.arange(n * width, dtype="float32").reshape(n, width)


def _written(a, key, value=-1.0):
    out = a.copy()
    out[key] = value
    return out


def _exe(startup):
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    return exe


def _run(exe, main, feed, fetch):
    return [np.asarray(v) for v in exe.run(main, feed=feed, fetch_list=fetch)]


def _same(got, want, what):
    got = got.numpy() if hasattr(got, "numpy") else np.asarray(got)
    assert got.shape == want.shape, (what, got.shape, want.shape)
    np.testing.assert_array_equal(got, want, err_msg=str(what))


def _ops(main, *types):
    return [op for op in main.global_block().ops if op.type in types]


# -- Python-int slices: the grid ----------------------------------------------------------------
@pytest.mark.parametrize("n", range(7))
def test_eager_slice_grid_matches_numpy(n):
    a = _rows(n)
    x = paddle.to_tensor(a)
    for key in _KEYS:
        _same(x[key], a[key], ("get", n, key))
        y = paddle.to_tensor(a)
        y[key] = -1.0
        _same(y, _written(a, key), ("set", n, key))


@pytest.mark.parametrize("n", [0, 1, 3, 6])
def test_static_slice_grid_with_a_known_extent(n):
    a = _rows(n)
    with static_program() as (main, startup):
        x = paddle.static.data("x", [n, 2], "float32")
        gets, sets = [], []
        for key in _KEYS:
            gets.append(x[key])
            y = x * 1.0
            y[key] = -1.0
            sets.append(y)
    for key, out in zip(_KEYS, gets):  # the build-time shape is NumPy's
        assert tuple(out.shape) == a[key].shape, key
    got = _run(_exe(startup), main, {"x": a}, gets + sets)
    for key, g, s in zip(_KEYS, got, got[len(_KEYS):]):
        _same(g, a[key], ("get", n, key))
        _same(s, _written(a, key), ("set", n, key))


def test_static_slice_grid_with_an_unknown_extent():
    """One program over a None batch, fed extents 0..6: every bound, in range or not, selects
    NumPy's rows (bounds whose meaning depends on the extent are normalized at run time)."""
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 2], "float32")
        gets, sets = [], []
        for key in _KEYS:
            gets.append(x[key])
            y = x * 1.0
            y[key] = -1.0
            sets.append(y)
    exe = _exe(startup)
    for n in range(7):
        a = _rows(n)
        got = _run(exe, main, {"x": a}, gets + sets)
        for key, g, s in zip(_KEYS, got, got[len(_KEYS):]):
            _same(g, a[key], ("get", n, key))
            _same(s, _written(a, key), ("set", n, key))


def test_unknown_extent_keeps_attribute_bounds_where_every_extent_agrees():
    with static_program() as (main, _):
        x = paddle.static.data("x", [-1, 2], "float32")
        plain = [x[::-1], x[::2], x[1::2], x[-1::-1], x[:-1:-1], x[5:0:-2], x[-4:-1:2]]
        strided = _ops(main, "strided_slice")
        assert all(not op.input("StartsTensorList") and not op.input("EndsTensorList")
                   for op in strided), [op.attr("starts") for op in strided]
        assert [op.attr("ends") for op in strided[:2]] == [[-1], [2 ** 31 - 1]]
        before = len(main.global_block().ops)
        x[1:-2:2]  # crosses for extents below 3: normalized in the program
        op = main.global_block().ops[-1]
        assert op.type == "strided_slice" and op.input("StartsTensorList")
        assert len(main.global_block().ops) > before + 1
        x[4:1:-1]  # set_value would read a stop past the extent otherwise: normalized too
        assert main.global_block().ops[-1].input("EndsTensorList")
        assert all(p.shape[0] == -1 for p in plain)


def test_two_axis_slices_and_ints_match_numpy():
    a = np.arange(20, dtype="float64").reshape(5, 4)
    bounds, steps = [-7, -4, -1, 0, 2, 5, None], [-2, -1, 1, 3, None]
    picks = rng.choice(len(bounds) ** 4 * len(steps) ** 2, 120, replace=False)
    keys = []
    for p in picks:
        s0, e0, s1, e1, t0, t1 = np.unravel_index(p, [len(bounds)] * 4 + [len(steps)] * 2)
        keys.append((slice(bounds[s0], bounds[e0], steps[t0]),
                     slice(bounds[s1], bounds[e1], steps[t1])))
    keys += [(i, slice(b, None, s)) for i in (-5, -1, 0, 4) for b in (-6, 1, 7) for s in (-2, 1)]
    keys += [(slice(b, None, s), i) for i in (-4, 3) for b in (-9, 3) for s in (-1, 2)]
    x = paddle.to_tensor(a)
    with static_program() as (main, startup):
        xs = paddle.static.data("x", [-1, 4], "float64")
        gets, sets = [], []
        for key in keys:
            gets.append(xs[key])
            y = xs * 1.0
            y[key] = -1.0
            sets.append(y)
    got = _run(_exe(startup), main, {"x": a}, gets + sets)
    for key, g, s in zip(keys, got, got[len(keys):]):
        _same(x[key], a[key], key)
        y = paddle.to_tensor(a)
        y[key] = -1.0
        _same(y, _written(a, key), key)
        _same(g, a[key], key)
        _same(s, _written(a, key), key)


def test_gradient_through_crossing_and_out_of_range_slices():
    a = rng.standard_normal((5, 3))
    keys = [np.s_[-10::-1], np.s_[3:1:2], np.s_[1:-1:2], np.s_[7:-9:-2], np.s_[-2::-1, ::-2]]
    x = paddle.to_tensor(a, stop_gradient=False)
    sum((x[k] * (i + 1)).sum() for i, k in enumerate(keys)).backward()
    want = np.zeros_like(a)
    for i, k in enumerate(keys):
        want[k] += i + 1
    np.testing.assert_allclose(x.grad.numpy(), want)


# -- int indices ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 4])
def test_int_indices_in_and_out_of_range(n):
    a = np.arange(n * 3, dtype="float32").reshape(n, 3)
    x = paddle.to_tensor(a)
    for i in range(-6, 6):
        if -n <= i < n:
            _same(x[i], a[i], i)
            _same(x[i, -1], a[i, -1], i)
            y = paddle.to_tensor(a)
            y[i] = 5.0
            _same(y, _written(a, i, 5.0), i)
        else:
            for fn in (lambda: x[i], lambda: x[i, 0], lambda: x.__setitem__(i, 1.0)):
                with pytest.raises(IndexError, match=f"index {i} is out of bounds for axis 0 "
                                                     f"with size {n}"):
                    fn()
        if not -3 <= i < 3:
            with pytest.raises(IndexError, match=f"index {i} is out of bounds for axis 1 "
                                                 "with size 3"):
                x[..., i]
    with static_program() as (main, _):
        xs = paddle.static.data("x", [-1, 3], "float32")
        before = len(main.global_block().ops)
        with pytest.raises(IndexError, match="index -4 is out of bounds for axis 1 with size 3"):
            xs[0, -4]
        with pytest.raises(IndexError, match="index 3 is out of bounds for axis 1 with size 3"):
            xs[:, 3] = 1.0
        assert len(main.global_block().ops) == before


def test_negative_int_indices_over_an_unknown_extent():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 3], "float32")
        outs = [x[i] for i in range(-4, 4)]
        y = x * 1.0
        y[-2] = 8.0
    exe = _exe(startup)
    for n in (4, 6):
        a = np.arange(n * 3, dtype="float32").reshape(n, 3)
        got = _run(exe, main, {"x": a}, outs + [y])
        for i, g in zip(range(-4, 4), got):
            _same(g, a[i], (n, i))
        _same(got[-1], _written(a, -2, 8.0), n)


# -- boolean masks ------------------------------------------------------------------------------
def _masks(a):
    return [a > 0, a[:, 0, 0] > 0, a[:, :, 0] > 0, np.zeros(a.shape, bool),
            np.ones(a.shape[:1], bool)]


def test_eager_boolean_masks_match_numpy_with_gradients():
    a = rng.standard_normal((4, 3, 2))
    x = paddle.to_tensor(a, stop_gradient=False)
    masks = _masks(a)
    outs = []
    for k, m in enumerate(masks):
        for mask in (m, paddle.to_tensor(m)):
            outs.append(x[mask])
            _same(outs[-1], a[m], (k, type(mask).__name__))
    for key in (True, False, [True, False, True, False], np.bool_(True)):
        _same(x[key], a[key], key)
    loss = sum((o * (k + 1)).sum() for k, o in enumerate(outs))
    loss.backward()
    want = np.zeros_like(a)
    for k in range(len(outs)):
        want[masks[k // 2]] += k + 1
    np.testing.assert_allclose(x.grad.numpy(), want)


def test_static_boolean_masks_over_a_none_batch():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 3, 2], "float64")
        x.stop_gradient = False
        full = paddle.static.data("full", [-1, 3, 2], "bool")
        lead = paddle.static.data("lead", [-1], "bool")
        outs = [x[full], x[lead], x[x[:, :, 0] > 0], x[x > 0.5]]
        assert outs[0].shape == (-1,) and outs[1].shape == (-1, 3, 2)
        loss = sum((o * (k + 1)).sum() for k, o in enumerate(outs))
        paddle.static.append_backward(loss)
        grad = main.global_block().var(x.name + "@GRAD")
    exe = _exe(startup)
    for b in (3, 5):
        a = rng.standard_normal((b, 3, 2))
        f, ld = a > 0, a[:, 0, 0] > 0
        got = _run(exe, main, {"x": a, "full": f, "lead": ld}, outs + [grad])
        keys = [f, ld, a[:, :, 0] > 0, a > 0.5]
        want = np.zeros_like(a)
        for k, key in enumerate(keys):
            _same(got[k], a[key], (b, k))
            want[key] += k + 1
        np.testing.assert_allclose(got[-1], want)


def test_eager_masked_assignment_and_its_gradients():
    a = rng.standard_normal((4, 3))
    m, lead = a > 0, a[:, 0] > 0
    count = int(lead.sum())
    cases = [(m, 0.0), (m, np.arange(m.sum(), dtype="float64")), (lead, np.array([1.0, 2.0, 3.0])),
             (lead, np.arange(count * 3.0).reshape(count, 3)), (lead, np.array([[7.0]])),
             (True, 4.0), (np.zeros(4, bool), 9.0)]
    for key, value in cases:
        for v in (value, paddle.to_tensor(value) if np.ndim(value) else value):
            y = paddle.to_tensor(a)
            y[key] = v
            _same(y, _written(a, key, value), (key, value))
    y = paddle.to_tensor(a)
    y[paddle.to_tensor(m)] = paddle.to_tensor(np.array([5.0, 6.0, 7.0]))[:1]
    _same(y, _written(a, m, 5.0), "tensor mask")

    # Gradients: x's masked elements get none, the value gets the sum over its broadcast.
    x = paddle.to_tensor(a, stop_gradient=False)
    v = paddle.to_tensor(np.array([1.0, 2.0, 3.0]), stop_gradient=False)
    z = x * 1.0
    z[lead] = v * 2.0
    (z * z).sum().backward()
    zv = _written(a, lead, np.array([2.0, 4.0, 6.0]))
    gx = 2.0 * zv
    gx[lead] = 0.0
    np.testing.assert_allclose(x.grad.numpy(), gx)
    np.testing.assert_allclose(v.grad.numpy(), 4.0 * zv[lead].sum(0))

    # A constant leaf taking a value that needs a gradient joins the graph (as set_value does).
    leaf = paddle.to_tensor(a)
    w = paddle.to_tensor(np.array([1.0, 1.0, 1.0]), stop_gradient=False)
    leaf[lead] = w * 3.0
    assert not leaf.stop_gradient
    leaf.sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), np.full(3, 3.0 * count))


def test_static_masked_assignment_over_a_none_batch():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 3], "float64")
        x.stop_gradient = False
        v = paddle.static.data("v", [3], "float64")
        v.stop_gradient = False
        y, z, w = x * 1.0, x * 1.0, x * 1.0
        y[x > 0] = 0.0
        z[x[:, 0] > 0] = v
        w[x[:, 1] > 0] = x[x[:, 1] > 0] * 10.0  # one value per masked row
        loss = (y * y).sum() + (z * z).sum() + (w * w).sum()
        paddle.static.append_backward(loss)
        gx = main.global_block().var(x.name + "@GRAD")
        gv = main.global_block().var(v.name + "@GRAD")
    exe = _exe(startup)
    for b in (2, 5):
        a, vv = rng.standard_normal((b, 3)), rng.standard_normal(3)
        got = _run(exe, main, {"x": a, "v": vv}, [y, z, w, gx, gv])
        lead, rows = a[:, 0] > 0, a[:, 1] > 0
        wants = [_written(a, a > 0, 0.0), _written(a, lead, vv), _written(a, rows, a[rows] * 10)]
        for g, want in zip(got, wants):
            _same(g, want, b)
        grad = 2.0 * wants[0] * (a <= 0)
        grad += 2.0 * wants[1] * ~lead[:, None]
        grad += 2.0 * wants[2] * ~rows[:, None] + 200.0 * a * rows[:, None]
        np.testing.assert_allclose(got[3], grad, rtol=1e-12)
        np.testing.assert_allclose(got[4], 2.0 * wants[1][lead].sum(0), rtol=1e-12)


def test_bad_masks_raise_typed_errors():
    a = rng.standard_normal((4, 3))
    x = paddle.to_tensor(a)
    for bad in (np.ones(3, bool), np.ones((4, 2), bool), paddle.to_tensor(np.ones((2, 3), bool)),
                np.ones((4, 3, 1), bool)):
        shown = re.escape(str(list(bad.shape)))
        with pytest.raises(ValueError, match=rf"x's shape \[4, 3\] .*mask of shape {shown}"):
            x[bad]
        with pytest.raises(ValueError, match="mask of shape"):
            x[bad] = 1.0
    with pytest.raises(ValueError, match=r"broadcast to .*\[-?\d+, 3\].*\[2\]"):
        x[a[:, 0] > -10] = np.ones(2)
    with pytest.raises(NotImplementedError, match="boolean mask combined"):
        x[a[:, 0] > 0, 1]
    with pytest.raises(NotImplementedError, match="boolean mask combined"):
        x[:, a[0] > 0] = 1.0


# -- integer arrays, lists and Tensors ----------------------------------------------------------
_ARRAY_KEYS = [
    [0, 2], [-1, 0, -1], np.array([3, 1]), np.array([[0, 1], [3, -2]]), [], np.int64(2),
    (slice(None), [2, 0]), (slice(1, None), [1, -1], 0), (Ellipsis, [1, 0, 1]),
    (None, [1, 2]), ([1, 2], None), (0, np.array([[0], [2]])), (slice(None, None, -1), [0], 1),
    ([2], Ellipsis, 1), (slice(None), slice(1, None), [1, 1, 0]), (1, slice(None), [1, 0]),
    (1, None, [0]), (None, 1, [0, 1]), (1, [0, 1], None), (1, Ellipsis, [0, 1]),
    (slice(None), 1, [0, 1]), (2, slice(1, None), np.array([[1], [0]])),
]


def test_eager_integer_arrays_match_numpy_with_gradients():
    a = rng.standard_normal((4, 3, 2))
    x = paddle.to_tensor(a, stop_gradient=False)
    outs = []
    for key in _ARRAY_KEYS:
        outs.append(x[key])
        _same(outs[-1], a[key], key)
    idx = np.array([[1, 3], [0, 0]])
    for key in ((paddle.to_tensor(idx),), (slice(None), paddle.to_tensor([2, 0])),
                (1, slice(None), paddle.to_tensor(np.array([1, 0], "int32")))):
        outs.append(x[key])
        np_key = tuple(k.numpy() if hasattr(k, "numpy") else k for k in key)
        _same(outs[-1], a[np_key], np_key)
    sum((o * (k + 1)).sum() for k, o in enumerate(outs)).backward()
    want = np.zeros_like(a)
    np_keys = _ARRAY_KEYS + [idx, (slice(None), [2, 0]), (1, slice(None), [1, 0])]
    for k, key in enumerate(np_keys):
        if isinstance(key, tuple) and any(i is None for i in key):
            key = tuple(i for i in key if i is not None)
        np.add.at(want, key, k + 1)  # repeated rows accumulate
    np.testing.assert_allclose(x.grad.numpy(), want)


def test_static_integer_arrays_over_a_none_batch():
    with static_program() as (main, startup):
        x = paddle.static.data("x", [-1, 3], "float32")
        i = paddle.static.data("i", [-1], "int64")
        outs = [x[key] for key in ([0, -1], (slice(None), [2, 0, 2]), (slice(1, None), [1]),
                                    np.array([[0], [-2]]))]
        outs += [x[i], x[i, 1:], x[:, i[1:]]]
        assert outs[0].shape == (2, 3) and outs[1].shape == (-1, 3) and outs[3].shape == (2, 1, 3)
    exe = _exe(startup)
    for b in (3, 6):
        a = np.arange(b * 3, dtype="float32").reshape(b, 3)
        iv = np.array([b - 1, 0, 1])
        got = _run(exe, main, {"x": a, "i": iv}, outs)
        wants = [a[[0, -1]], a[:, [2, 0, 2]], a[1:, [1]], a[np.array([[0], [-2]])], a[iv],
                 a[iv, 1:], a[:, iv[1:]]]
        for g, w in zip(got, wants):
            _same(g, w, b)


def test_assignment_through_integer_arrays():
    a = rng.standard_normal((4, 3))
    cases = [([0, 2], 7.0), ([-1, 1], np.array([1.0, 2.0, 3.0])),
             ([3, 0], np.array([[1.0], [2.0]])),
             ((slice(None), [2, 0]), np.array([9.0, 8.0])), ((Ellipsis, [1]), -5.0),
             ([1, 1], np.array([[1.0] * 3, [2.0] * 3])), (np.array([2]), 0.5), ([], 3.0)]
    for key, value in cases:
        y = paddle.to_tensor(a)
        y[key] = value
        _same(y, _written(a, key, value), key)
        y = paddle.to_tensor(a)
        y[key] = paddle.to_tensor(np.asarray(value, "float64"))
        _same(y, _written(a, key, value), key)
    flags = a > 0  # a bool tensor (scatter has no bool kernel: through int32)
    for key, value in (([2, 0], False), (flags[:, 1], np.array([True, False, True])),
                       (~flags, True)):
        y = paddle.to_tensor(flags)
        y[key] = value
        _same(y, _written(flags, key, value), key)
    y = paddle.to_tensor(a)
    y[:, paddle.to_tensor([1, 0])] = paddle.to_tensor(np.array([[5.0, 6.0]]))
    _same(y, _written(a, (slice(None), [1, 0]), np.array([[5.0, 6.0]])), "tensor index")

    x = paddle.to_tensor(a, stop_gradient=False)
    v = paddle.to_tensor(np.array([1.0, 2.0]), stop_gradient=False)
    z = x * 1.0
    z[:, [2, 0]] = v * 3.0
    (z * z).sum().backward()
    zv = _written(a, (slice(None), [2, 0]), np.array([3.0, 6.0]))
    gx = 2.0 * zv
    gx[:, [2, 0]] = 0.0
    np.testing.assert_allclose(x.grad.numpy(), gx)
    np.testing.assert_allclose(v.grad.numpy(), 6.0 * zv[:, [2, 0]].sum(0))

    with static_program() as (main, startup):
        xs = paddle.static.data("x", [-1, 3], "float32")
        i = paddle.static.data("i", [2], "int64")
        y1, y2, y3 = xs * 1.0, xs * 1.0, xs * 1.0
        y1[i] = -1.0
        y2[[0, -1]] = paddle.full([3], 4.0)
        y3[:, [1]] = xs[:, :1]
    exe = _exe(startup)
    for b in (2, 5):
        av = np.arange(b * 3, dtype="float32").reshape(b, 3)
        got = _run(exe, main, {"x": av, "i": np.array([b - 1, 0])}, [y1, y2, y3])
        _same(got[0], _written(av, [b - 1, 0]), b)
        _same(got[1], _written(av, [0, -1], 4.0), b)
        _same(got[2], _written(av, (slice(None), [1]), av[:, :1]), b)


def test_bad_integer_arrays_raise_typed_errors():
    x = paddle.to_tensor(rng.standard_normal((4, 3)))
    with pytest.raises(IndexError, match="index 4 is out of bounds for axis 0 with size 4"):
        x[[0, 4]]
    with pytest.raises(IndexError, match="index -4 is out of bounds for axis 1 with size 3"):
        x[:, np.array([-4])]
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 4"):
        x[[5]] = 1.0
    with pytest.raises(TypeError, match="index 0 to be a list of ints or bools, but got one of "
                                        "float64"):
        x[[0.5]]
    with pytest.raises(TypeError, match="index 1 to be an integer or bool Tensor, but got a "
                                        "float32 Tensor"):
        x[:, paddle.to_tensor([1.0])]
    with pytest.raises(TypeError, match="index 0 to be an int, a slice.*but got float"):
        x[1.5]
    with pytest.raises(TypeError, match="slice stop of index 1 .*but got float"):
        x[:, :2.0]
    with pytest.raises(TypeError, match="rectangular list"):
        x[[[0], [1, 2]]]
    with pytest.raises(NotImplementedError, match=r"more than one .* \(at positions \[0, 1\]\)"):
        x[[0, 1], [1, 2]]
    with pytest.raises(NotImplementedError, match="integer array / Tensor index combined"):
        x[1:, [0]] = 1.0
    with pytest.raises(NotImplementedError, match="index array of rank 2"):
        x[np.array([[0], [1]])] = 1.0
    with pytest.raises(ValueError, match=r"broadcast to the indexed region's shape \[2, 3\].*"
                                         r"\[2, 2\]"):
        x[[0, 1]] = np.ones((2, 2))
    with pytest.raises(IndexError, match="too many indices for a tensor of rank 2: 3 given"):
        x[0, 1, 2]
    with pytest.raises(ValueError, match="nonzero slice step"):
        x[::0]


# -- to_static with a None batch ----------------------------------------------------------------
def test_to_static_indexing_follows_numpy():
    def fn(x, idx):
        y = x * 1.0
        y[x[:, 0] > 0] = 0.0
        y[idx] = -1.0
        z = x * 1.0
        z[3:-1:-1] = 5.0
        z[1::-1, 1] = 7.0
        return x[x > 0], x[:, [2, 0]], x[idx], x[-8::-1], x[3:1:2], x[1:-1:2], y, z

    static = paddle.jit.to_static(fn, input_spec=[InputSpec([None, 3], "float32"),
                                                  InputSpec([2], "int64")])
    for b in (1, 4, 9):
        a = rng.standard_normal((b, 3)).astype("float32")
        iv = np.array([0, b - 1])
        y = _written(_written(a, a[:, 0] > 0, 0.0), iv)
        z = _written(_written(a, np.s_[3:-1:-1], 5.0), np.s_[1::-1, 1], 7.0)
        wants = [a[a > 0], a[:, [2, 0]], a[iv], a[-8::-1], a[3:1:2], a[1:-1:2], y, z]
        got = static(paddle.to_tensor(a), paddle.to_tensor(iv))
        eager = fn(paddle.to_tensor(a), paddle.to_tensor(iv))
        for k, (g, e, w) in enumerate(zip(got, eager, wants)):
            _same(g, w, (b, k))
            _same(e, w, (b, k))


def test_negative_entries_of_index_tensors_count_from_the_end():
    """An index Tensor's entries in [-n, 0) count from the end, as NumPy's and PaddlePaddle's:
    getitem and setitem, eager (with gradients) and static over a None batch; entries below -n
    are refused naming the entry given."""
    a = rng.standard_normal((4, 3))
    neg = np.array([-1, 0, -4, 2])
    x = paddle.to_tensor(a, stop_gradient=False)
    out = x[paddle.to_tensor(neg)]
    _same(out, a[neg], "rows")
    _same(x[:, paddle.to_tensor(np.array([-1, -3], "int32"))], a[:, [-1, -3]], "columns")
    out.sum().backward()
    want = np.zeros_like(a)
    np.add.at(want, neg, 1.0)
    np.testing.assert_allclose(x.grad.numpy(), want)
    y = paddle.to_tensor(a)
    y[paddle.to_tensor(np.array([-1, -2]))] = 0.0
    _same(y, _written(a, [-1, -2], 0.0), "setitem")
    with pytest.raises(ValueError, match="got -5"):
        paddle.to_tensor(a)[paddle.to_tensor(np.array([-5]))]

    with static_program() as (main, startup):
        xs = paddle.static.data("x", [-1, 3], "float32")
        i = paddle.static.data("i", [2], "int64")
        got_rows, got_cols = xs[i], xs[:, i]
        ys = xs * 1.0
        ys[i] = 7.0
    exe = _exe(startup)
    for b in (3, 5):
        av = np.arange(b * 3, dtype="float32").reshape(b, 3)
        iv = np.array([-1, -3])  # in range of both axes (3 columns, b >= 3 rows)
        got = _run(exe, main, {"x": av, "i": iv}, [got_rows, got_cols, ys])
        _same(got[0], av[iv], b)
        _same(got[1], av[:, iv], b)
        _same(got[2], _written(av, list(iv), 7.0), b)
