"""Op tests (NumPy reference, float64 gradient checks, errors) of randint, randperm,
where_index, take_along_axis, put_along_axis and cumprod, and API tests of paddle.randint,
paddle.randperm, paddle.nonzero, paddle.where(condition), paddle.take_along_axis,
paddle.put_along_axis and paddle.cumprod in eager mode and in a static program."""
import numpy as np
import pytest

import paddle
from op_test import check_grad, check_output, run_op

rng = np.random.default_rng(31)


def rand(*shape):
    return rng.uniform(-1, 1, shape)


# -- randint / randperm ------------------------------------------------------------------------

def test_randint_range_dtype_shape():
    for dtype, np_dtype in ((2, "int32"), (3, "int64")):
        out = run_op("randint", {}, {"low": -3, "high": 5, "shape": [4, 50], "dtype": dtype},
                     outputs={"Out": None})["Out"]
        assert out.shape == (4, 50) and out.dtype == np.dtype(np_dtype)
        assert out.min() >= -3 and out.max() < 5
        assert len(np.unique(out)) == 8  # 200 draws reach every value of [-3, 5)
    one = run_op("randint", {}, {"low": 7, "high": 8, "shape": [5], "dtype": 3},
                 outputs={"Out": None})["Out"]
    np.testing.assert_array_equal(one, np.full(5, 7))


def test_randint_seed_reproducible():
    attrs = {"low": 0, "high": 1000, "shape": [20], "dtype": 3, "seed": 17}
    a = run_op("randint", {}, attrs, outputs={"Out": None})["Out"]
    b = run_op("randint", {}, attrs, outputs={"Out": None})["Out"]
    np.testing.assert_array_equal(a, b)
    c = run_op("randint", {}, dict(attrs, seed=18), outputs={"Out": None})["Out"]
    assert not np.array_equal(a, c)


def test_randint_errors():
    with pytest.raises(ValueError, match="randint's low < high, but got low 5 and high 5"):
        run_op("randint", {}, {"low": 5, "high": 5, "shape": [2]}, outputs={"Out": None})
    with pytest.raises(ValueError, match="randint's dtype to be int32 or int64"):
        run_op("randint", {}, {"low": 0, "high": 5, "shape": [2], "dtype": 5},
               outputs={"Out": None})
    with pytest.raises(ValueError, match="extents >= 0"):
        run_op("randint", {}, {"low": 0, "high": 5, "shape": [-2]}, outputs={"Out": None})


def test_randperm_is_a_permutation():
    for dtype, np_dtype in ((2, "int32"), (3, "int64"), (5, "float32"), (6, "float64")):
        out = run_op("randperm", {}, {"n": 40, "dtype": dtype}, outputs={"Out": None})["Out"]
        assert out.dtype == np.dtype(np_dtype) and out.shape == (40,)
        np.testing.assert_array_equal(np.sort(out), np.arange(40))
        assert not np.array_equal(out, np.arange(40))
    empty = run_op("randperm", {}, {"n": 0}, outputs={"Out": None})["Out"]
    assert empty.shape == (0,)
    a = run_op("randperm", {}, {"n": 30, "seed": 4}, outputs={"Out": None})["Out"]
    b = run_op("randperm", {}, {"n": 30, "seed": 4}, outputs={"Out": None})["Out"]
    np.testing.assert_array_equal(a, b)


def test_randperm_errors():
    with pytest.raises(ValueError, match="randperm's n >= 0, but got -1"):
        run_op("randperm", {}, {"n": -1}, outputs={"Out": None})
    with pytest.raises(ValueError, match="attribute 'n', but it is missing"):
        run_op("randperm", {}, {}, outputs={"Out": None})
    with pytest.raises(ValueError, match="randperm's dtype to be int32, int64"):
        run_op("randperm", {}, {"n": 3, "dtype": 0}, outputs={"Out": None})


# -- where_index (nonzero) ---------------------------------------------------------------------

def test_where_index():
    x = rng.uniform(-1, 1, (3, 4, 2))
    x[x < 0.2] = 0
    for array in (x, x.astype("float32"), (x != 0), (x * 10).astype("int32"),
                  (x * 10).astype("int64")):
        check_output("where_index", {"Condition": array},
                     {"Out": np.argwhere(array).astype("int64")})
    check_output("where_index", {"Condition": np.array([0.0, 2.0, 0.0, 3.0])},
                 {"Out": np.array([[1], [3]], "int64")})
    check_output("where_index", {"Condition": np.zeros((2, 3), bool)},
                 {"Out": np.zeros((0, 2), "int64")})


# -- take_along_axis -----------------------------------------------------------------------------

def test_take_along_axis():
    x = rand(3, 4, 5)
    for axis in (0, 1, 2, -1):
        shape = list(x.shape)
        shape[axis] = 6
        for dtype in ("int32", "int64"):
            index = rng.integers(0, x.shape[axis], shape).astype(dtype)
            check_output("take_along_axis", {"Input": x, "Index": index},
                         {"Result": np.take_along_axis(x, index, axis)}, attrs={"Axis": axis})
    # Index smaller than Input off the axis reads Input's leading corner, as PaddlePaddle does.
    index = np.array([[2, 0], [1, 1]], "int64")
    check_output("take_along_axis", {"Input": x[0], "Index": index},
                 {"Result": np.take_along_axis(x[0, :2, :], index, 1)}, attrs={"Axis": 1})
    # Negative indices count from the end, as in NumPy.
    neg = np.array([[-1, 0, -4, 3, 2]], "int64")
    check_output("take_along_axis", {"Input": x[0], "Index": neg},
                 {"Result": np.take_along_axis(x[0], neg, 0)}, attrs={"Axis": 0})
    ints = np.arange(12, dtype="int32").reshape(3, 4)
    idx = np.array([[3], [0], [1]], "int64")
    check_output("take_along_axis", {"Input": ints, "Index": idx},
                 {"Result": np.take_along_axis(ints, idx, 1)}, attrs={"Axis": 1})
    # Repeated indices: the gradient adds up.
    dup = np.array([[1, 1, 0], [2, 2, 2], [0, 3, 0]], "int64")
    check_grad("take_along_axis", {"Input": x[0, :3, :4], "Index": dup}, attrs={"Axis": 1},
               outputs=("Result",), wrt=("Input",))
    check_grad("take_along_axis", {"Input": x, "Index": rng.integers(0, 3, (5, 4, 5))},
               attrs={"Axis": 0}, outputs=("Result",), wrt=("Input",))


def test_take_along_axis_errors():
    x = rand(3, 4)
    with pytest.raises(ValueError, match=r"take_along_axis's Index values in \[-4, 4\).*got 4"):
        run_op("take_along_axis", {"Input": x, "Index": np.array([[4]], "int64")}, {"Axis": 1},
               outputs={"Result": None})
    with pytest.raises(ValueError, match=r"Index values in \[-3, 3\).*got -4 at position 1"):
        run_op("take_along_axis", {"Input": x, "Index": np.array([[0, -4]], "int32")},
               {"Axis": 0}, outputs={"Result": None})
    with pytest.raises(ValueError, match="take_along_axis's Index to have Input's rank 2"):
        run_op("take_along_axis", {"Input": x, "Index": np.array([0], "int64")}, {"Axis": 0},
               outputs={"Result": None})
    with pytest.raises(ValueError, match="take_along_axis's Index to be int32 or int64"):
        run_op("take_along_axis", {"Input": x, "Index": np.array([[0.0]])}, {"Axis": 0},
               outputs={"Result": None})
    with pytest.raises(ValueError, match="take_along_axis's Axis in"):
        run_op("take_along_axis", {"Input": x, "Index": np.array([[0]], "int64")}, {"Axis": 2},
               outputs={"Result": None})
    with pytest.raises(ValueError, match="extents off axis 1 to be at most Input's"):
        run_op("take_along_axis", {"Input": x, "Index": np.zeros((4, 1), "int64")}, {"Axis": 1},
               outputs={"Result": None})


# -- put_along_axis ------------------------------------------------------------------------------

def _put_ref(x, index, value, axis, reduce):
    out = x.copy()
    coords = np.indices(index.shape)
    for pos in zip(*(c.reshape(-1) for c in coords)):
        target = list(pos)
        target[axis] = index[pos]
        target = tuple(target)
        if reduce == "assign":
            out[target] = value[pos]
        elif reduce == "add":
            out[target] += value[pos]
        else:
            out[target] *= value[pos]
    return out


def _unique_index(shape, extent, axis):
    """Per line along axis, distinct positions (a permutation's first entries)."""
    moved = list(shape)
    moved[axis], moved[-1] = moved[-1], moved[axis]
    lines = [rng.permutation(extent)[:moved[-1]] for _ in range(int(np.prod(moved[:-1])))]
    return np.swapaxes(np.array(lines).reshape(moved), axis, -1).astype("int64")


def test_put_along_axis_output():
    x = rand(3, 4, 5)
    for axis in (0, 1, -1):
        shape = list(x.shape)
        shape[axis] = 2
        index = rng.integers(0, x.shape[axis], shape)
        value = rand(*shape)
        for reduce in ("assign", "add", "mul", "multiply"):
            for dtype in ("int32", "int64"):
                check_output("put_along_axis",
                             {"Input": x, "Index": index.astype(dtype), "Value": value},
                             {"Result": _put_ref(x, index, value, axis % 3, reduce)},
                             attrs={"Axis": axis, "Reduce": reduce})
    ints = np.arange(12, dtype="int64").reshape(3, 4)
    idx = np.array([[1], [0], [3]], "int64")
    val = np.array([[10], [20], [30]], "int64")
    check_output("put_along_axis", {"Input": ints, "Index": idx, "Value": val},
                 {"Result": _put_ref(ints, idx, val, 1, "add")},
                 attrs={"Axis": 1, "Reduce": "add"})


def test_put_along_axis_grad():
    x = rand(3, 4, 5)
    index = _unique_index((3, 2, 5), 4, 1)
    value = rand(3, 2, 5)
    for reduce in ("assign", "add", "mul"):
        check_grad("put_along_axis", {"Input": x, "Index": index, "Value": value},
                   attrs={"Axis": 1, "Reduce": reduce}, outputs=("Result",),
                   wrt=("Input", "Value"))
    # Repeated indices: assign's last write wins, add and mul combine every write; mul with a
    # zero among the factors is exact.
    dup = np.array([[0, 0, 2], [1, 3, 1]], "int64")
    val = rand(2, 3)
    val[1, 0] = 0.0
    for reduce in ("assign", "add", "mul"):
        check_grad("put_along_axis", {"Input": rand(2, 4), "Index": dup, "Value": val},
                   attrs={"Axis": 1, "Reduce": reduce}, outputs=("Result",),
                   wrt=("Input", "Value"))


def test_put_along_axis_errors():
    x = rand(3, 4)
    with pytest.raises(ValueError, match=r"put_along_axis's Index values in \[-4, 4\).*got 9"):
        run_op("put_along_axis", {"Input": x, "Index": np.array([[9]], "int64"),
                                  "Value": np.array([[1.0]])}, {"Axis": 1},
               outputs={"Result": None})
    with pytest.raises(ValueError, match="Reduce to be assign, add, mul or multiply.*'max'"):
        run_op("put_along_axis", {"Input": x, "Index": np.array([[0]], "int64"),
                                  "Value": np.array([[1.0]])}, {"Axis": 1, "Reduce": "max"},
               outputs={"Result": None})
    with pytest.raises(ValueError, match="put_along_axis's Value to have Index's dims"):
        run_op("put_along_axis", {"Input": x, "Index": np.array([[0, 1]], "int64"),
                                  "Value": np.array([[1.0]])}, {"Axis": 1},
               outputs={"Result": None})
    with pytest.raises(ValueError, match="put_along_axis's Value to have Input's dtype"):
        run_op("put_along_axis", {"Input": x, "Index": np.array([[0]], "int64"),
                                  "Value": np.array([[1.0]], "float32")}, {"Axis": 1},
               outputs={"Result": None})


# -- cumprod -------------------------------------------------------------------------------------

def _cumprod_grad_by_products(x, g, axis):
    """d(sum g * cumprod(x)) / dx from the product formula, one element at a time."""
    xm, gm = np.moveaxis(x, axis, -1), np.moveaxis(g, axis, -1)
    out = np.zeros_like(xm)
    n = xm.shape[-1]
    for line in np.ndindex(*xm.shape[:-1]):
        for i in range(n):
            total = 0.0
            for k in range(i, n):
                others = [xm[line + (m,)] for m in range(k + 1) if m != i]
                total += gm[line + (k,)] * np.prod(others)
            out[line + (i,)] = total
    return np.moveaxis(out, -1, axis)


def test_cumprod():
    x = rng.uniform(0.5, 1.5, (3, 4, 2)) * rng.choice([-1, 1], (3, 4, 2))
    for dim in (0, 1, 2, -1):
        check_output("cumprod", {"X": x}, {"Out": np.cumprod(x, dim)}, attrs={"dim": dim})
        check_output("cumprod", {"X": x.astype("float32")},
                     {"Out": np.cumprod(x, dim).astype("float32")}, attrs={"dim": dim})
    ints = rng.integers(-3, 4, (2, 5)).astype("int32")
    check_output("cumprod", {"X": ints}, {"Out": np.cumprod(ints, 1).astype("int32")},
                 attrs={"dim": 1})
    check_output("cumprod", {"X": ints.astype("int64")}, {"Out": np.cumprod(ints, 0)},
                 attrs={"dim": 0})
    check_grad("cumprod", {"X": x}, attrs={"dim": 1})
    check_grad("cumprod", {"X": x}, attrs={"dim": -1})
    check_grad("cumprod", {"X": x}, attrs={"dim": 0})


def test_cumprod_grad_with_zeros():
    x = rng.uniform(0.5, 1.5, (2, 5))
    x[0, 1] = 0.0
    x[1, 2] = x[1, 4] = 0.0
    # cumprod is linear in each element, so central differences are exact here too.
    check_grad("cumprod", {"X": x}, attrs={"dim": 1})
    paddle.disable_static()
    t = paddle.to_tensor(x, stop_gradient=False)
    g = rng.uniform(-1, 1, x.shape)
    (dx,) = paddle.grad([(paddle.cumprod(t, dim=1) * paddle.to_tensor(g)).sum()], [t])
    np.testing.assert_allclose(dx.numpy(), _cumprod_grad_by_products(x, g, 1), rtol=1e-12,
                               atol=1e-12)


def test_cumprod_integers_wrap_around():
    # Integer products wrap around as NumPy's array arithmetic does (a fuzzed int32 input once
    # made them undefined behaviour); so do the gradient's integer sums and products.
    for dtype in ("int32", "int64"):
        x = np.array([[99, 27150008, 3, -7, 2**20, 5], [-128, 127, 126, -125, 124, 123]], dtype)
        check_output("cumprod", {"X": x}, {"Out": np.cumprod(x, 1, dtype=dtype)},
                     attrs={"dim": 1})
        g = np.array([[3, -1, 2**30, 7, -5, 1], [1, 2, 3, 4, 5, 6]], dtype)
        want = np.zeros_like(x)
        for row in range(2):  # sum over k >= i of g[k] * prod_{m <= k, m != i} x[m], wrapped
            for i in range(6):
                total = np.zeros((), dtype)
                for k in range(i, 6):
                    term = g[row, k].copy()
                    for m in range(k + 1):
                        if m != i:
                            term = np.multiply(term, x[row, m], dtype=dtype)
                    total = np.add(total, term, dtype=dtype)
                want[row, i] = total
        got = run_op("cumprod_grad", {"X": x, "Out@GRAD": g}, {"dim": 1},
                     outputs={"X@GRAD": None})["X@GRAD"]
        np.testing.assert_array_equal(got, want)


def test_cumprod_errors():
    with pytest.raises(ValueError, match=r"cumprod's dim in \[-2, 2\)"):
        run_op("cumprod", {"X": rand(2, 3)}, {"dim": 2}, outputs={"Out": None})
    with pytest.raises(ValueError, match="attribute 'dim', but it is missing"):
        run_op("cumprod", {"X": rand(2, 3)}, outputs={"Out": None})


# -- Python API: eager ---------------------------------------------------------------------------

def test_api_random_eager():
    paddle.disable_static()
    paddle.seed(123)
    a = paddle.randint(2, 9, [3, 5]).numpy()
    p = paddle.randperm(10).numpy()
    paddle.seed(123)
    np.testing.assert_array_equal(paddle.randint(2, 9, [3, 5]).numpy(), a)
    np.testing.assert_array_equal(paddle.randperm(10).numpy(), p)
    assert a.dtype == np.int64 and a.shape == (3, 5) and a.min() >= 2 and a.max() < 9
    b = paddle.randint(4, shape=[100], dtype="int32").numpy()
    assert b.dtype == np.int32 and b.min() >= 0 and b.max() < 4
    assert paddle.randint(3).shape == [1]
    np.testing.assert_array_equal(np.sort(p), np.arange(10))
    q = paddle.randperm(7, dtype="float32").numpy()
    assert q.dtype == np.float32
    np.testing.assert_array_equal(np.sort(q), np.arange(7))
    with pytest.raises(ValueError, match="low < high"):
        paddle.randint(5, 2)
    with pytest.raises(ValueError, match="low > 0 when high is None"):
        paddle.randint(0)
    with pytest.raises(TypeError, match="int32 or int64"):
        paddle.randint(0, 3, dtype="float32")
    with pytest.raises(ValueError, match="n >= 1"):
        paddle.randperm(0)
    with pytest.raises(TypeError, match="int32, int64, float32 or float64"):
        paddle.randperm(3, dtype="bool")


def test_api_nonzero_and_where_eager():
    paddle.disable_static()
    a = np.array([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]], "float32")
    x = paddle.to_tensor(a)
    np.testing.assert_array_equal(paddle.nonzero(x).numpy(), np.argwhere(a))
    rows, cols = paddle.nonzero(x, as_tuple=True)
    assert rows.shape == [3, 1]
    np.testing.assert_array_equal(rows.numpy().ravel(), np.nonzero(a)[0])
    np.testing.assert_array_equal(cols.numpy().ravel(), np.nonzero(a)[1])
    (only,) = paddle.nonzero(paddle.to_tensor(np.array([0, 5, 0, 7], "int64")), as_tuple=True)
    np.testing.assert_array_equal(only.numpy().ravel(), [1, 3])
    where = paddle.where(x > 0.5)
    assert len(where) == 2
    for got, want in zip(where, np.nonzero(a > 0.5)):
        np.testing.assert_array_equal(got.numpy().ravel(), want)
    np.testing.assert_array_equal(x.nonzero().numpy(), np.argwhere(a))
    with pytest.raises(TypeError, match="nonzero to be a Tensor"):
        paddle.nonzero(a)


def test_api_along_axis_eager():
    paddle.disable_static()
    a = rand(3, 4)
    x = paddle.to_tensor(a, stop_gradient=False)
    idx = np.array([[0], [3], [1]], "int64")
    got = paddle.take_along_axis(x, paddle.to_tensor(idx), 1)
    np.testing.assert_allclose(got.numpy(), np.take_along_axis(a, idx, 1))
    (dx,) = paddle.grad([got.sum()], [x])
    want = np.zeros_like(a)
    np.put_along_axis(want, idx, 1.0, 1)
    np.testing.assert_allclose(dx.numpy(), want)
    # Broadcasting off the axis, as PaddlePaddle: a [1, 2] index against a [3, 4] array.
    row = np.array([[2, 0]], "int64")
    got = paddle.take_along_axis(x, paddle.to_tensor(row), 1)
    np.testing.assert_allclose(got.numpy(), np.take_along_axis(a, np.repeat(row, 3, 0), 1))
    # put: a number value, 'assign' zeroes the gradient of the overwritten elements.
    put = paddle.put_along_axis(x, paddle.to_tensor(idx), 9.0, 1)
    want = a.copy()
    np.put_along_axis(want, idx, 9.0, 1)
    np.testing.assert_allclose(put.numpy(), want)
    (dx,) = paddle.grad([put.sum()], [x])
    mask = np.ones_like(a)
    np.put_along_axis(mask, idx, 0.0, 1)
    np.testing.assert_allclose(dx.numpy(), mask)
    v = paddle.to_tensor(np.array([[1.0], [2.0], [3.0]]), stop_gradient=False)
    added = paddle.put_along_axis(x, paddle.to_tensor(idx), v, 1, reduce="add")
    want = a.copy()
    np.put_along_axis(want, idx, np.take_along_axis(a, idx, 1) + [[1.0], [2.0], [3.0]], 1)
    np.testing.assert_allclose(added.numpy(), want)
    (dv,) = paddle.grad([added.sum()], [v])
    np.testing.assert_allclose(dv.numpy(), np.ones((3, 1)))
    np.testing.assert_allclose(x.take_along_axis(paddle.to_tensor(idx), 1).numpy(),
                               np.take_along_axis(a, idx, 1))
    with pytest.raises(ValueError, match="indices to have arr's rank 2"):
        paddle.take_along_axis(x, paddle.to_tensor(np.array([0], "int64")), 0)
    with pytest.raises(ValueError, match="reduce to be 'assign', 'add', 'mul' or 'multiply'"):
        paddle.put_along_axis(x, paddle.to_tensor(idx), 1.0, 1, reduce="max")
    with pytest.raises(ValueError, match=r"Index values in \[-4, 4\) \(the extent of Axis\), "
                                         r"but got 7"):
        paddle.take_along_axis(x, paddle.to_tensor(np.array([[7]], "int64")), 1)


def test_api_cumprod_eager():
    paddle.disable_static()
    a = rng.uniform(0.5, 2, (2, 3))
    x = paddle.to_tensor(a)
    np.testing.assert_allclose(paddle.cumprod(x, dim=1).numpy(), np.cumprod(a, 1))
    np.testing.assert_allclose(paddle.cumprod(x).numpy(), np.cumprod(a))
    np.testing.assert_allclose(x.cumprod(0).numpy(), np.cumprod(a, 0))
    got = paddle.cumprod(paddle.to_tensor(np.array([1, 2, 3], "int64")), dim=0, dtype="float64")
    assert got.numpy().dtype == np.float64
    np.testing.assert_allclose(got.numpy(), [1, 2, 6])


# -- Python API: static program ------------------------------------------------------------------

def _run_static(build, feeds):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            args = [paddle.static.data(n, list(a.shape), str(a.dtype)) for n, a in feeds.items()]
            outs = build(*args)
            outs = outs if isinstance(outs, (list, tuple)) else [outs]
        exe = paddle.static.Executor()
        with paddle.static.scope_guard(paddle.static.Scope()):
            exe.run(startup)
            return exe.run(main, feed=feeds, fetch_list=list(outs))
    finally:
        paddle.disable_static()


def test_api_static():
    a = rng.uniform(0.5, 1.5, (3, 4))
    idx = np.array([[1, 0, 3, 2], [0, 0, 1, 1], [3, 2, 1, 0]], "int64")
    cond = a > 1.0

    def build(x, index, c):
        return [paddle.randint(0, 5, [2, 3]), paddle.randperm(6), paddle.nonzero(c),
                paddle.take_along_axis(x, index, 1),
                paddle.put_along_axis(x, index[:, :2], 0.0, 1, reduce="mul"),
                paddle.cumprod(x, dim=0), *paddle.where(c)]

    r, p, nz, taken, put, cp, rows, cols = _run_static(build, {"x": a, "index": idx, "c": cond})
    assert r.shape == (2, 3) and r.dtype == np.int64 and r.min() >= 0 and r.max() < 5
    np.testing.assert_array_equal(np.sort(p), np.arange(6))
    np.testing.assert_array_equal(nz, np.argwhere(cond))
    np.testing.assert_allclose(taken, np.take_along_axis(a, idx, 1))
    want = a.copy()
    np.put_along_axis(want, idx[:, :2], 0.0, 1)
    np.testing.assert_allclose(put, want)
    np.testing.assert_allclose(cp, np.cumprod(a, 0))
    np.testing.assert_array_equal(rows.ravel(), np.nonzero(cond)[0])
    np.testing.assert_array_equal(cols.ravel(), np.nonzero(cond)[1])


def test_api_static_gradients():
    a = rng.uniform(0.5, 1.5, (3, 4))
    idx = np.array([[1, 1], [0, 3], [2, 2]], "int64")

    def build(x, index):
        x.stop_gradient = False
        loss = (paddle.take_along_axis(x, index, 1).sum()
                + paddle.cumprod(x, dim=1).sum())
        return paddle.static.gradients([loss], [x])

    (gx,) = _run_static(build, {"x": a, "index": idx})
    want = np.zeros_like(a)
    np.add.at(want, (np.arange(3)[:, None], idx), 1.0)
    want += _cumprod_grad_by_products(a, np.ones_like(a), 1)
    np.testing.assert_allclose(gx, want, rtol=1e-10)


def test_api_static_random_reproducible_under_seed():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            fetch = [paddle.randint(-5, 1000, [6], dtype="int32"), paddle.randperm(8)]
        exe = paddle.static.Executor()
        runs = []
        for _ in range(2):
            paddle.seed(7)
            runs.append(exe.run(main, fetch_list=fetch))
    finally:
        paddle.disable_static()
    for first, second in zip(*runs):
        np.testing.assert_array_equal(first, second)
    assert runs[0][0].dtype == np.int32 and runs[0][0].min() >= -5
    np.testing.assert_array_equal(np.sort(runs[0][1]), np.arange(8))
