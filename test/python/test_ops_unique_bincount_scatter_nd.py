"""NumPy reference, gradient and error tests of unique, bincount and scatter_nd_add (and its
grad): the ops alone (np.unique with return_index / return_inverse / return_counts and axis,
np.bincount, np.add.at), their Python APIs (paddle.unique, paddle.bincount,
paddle.scatter_nd_add, paddle.scatter_nd) in eager mode and in static programs, gradients of
scatter_nd_add (X@GRAD passes Out@GRAD through, Updates@GRAD gathers it), and typed errors
for bad input after which the executor still runs."""
import numpy as np
import pytest

import paddle
from op_test import check_grad, check_output, run_op, static_program
from paddle.base import core

rng = np.random.default_rng(7)
INT64 = int(core.VarType.INT64)
INT32 = int(core.VarType.INT32)


def np_unique(x, axis=None, dtype="int64"):
    """np.unique's four results as PaddlePaddle gives them (the inverse 1-D)."""
    out, index, inverse, counts = np.unique(x, return_index=True, return_inverse=True,
                                            return_counts=True, axis=axis)
    return out, index.astype(dtype), inverse.reshape(-1).astype(dtype), counts.astype(dtype)


def np_scatter_nd_add(x, index, updates):
    out = x.copy()
    k = index.shape[-1]
    flat_index = index.reshape(int(np.prod(index.shape[:-1])), k)
    flat_updates = updates.reshape((flat_index.shape[0],) + x.shape[k:])
    for tup, upd in zip(flat_index, flat_updates):
        out[tuple(tup)] += upd
    return out


# -- unique --------------------------------------------------------------------------------
def unique_expected(x, axis=None, dtype="int64"):
    out, index, inverse, counts = np_unique(x, axis, dtype)
    return {"Out": out, "Indices": index, "Index": inverse, "Counts": counts}


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64"])
def test_unique_flattened(dtype):
    x = rng.integers(-4, 5, (3, 5)).astype(dtype)
    check_output("unique", {"X": x}, unique_expected(x),
                 attrs={"dtype": INT64, "return_index": True, "return_inverse": True,
                        "return_counts": True, "is_sorted": True})
    got = check_output("unique", {"X": x}, unique_expected(x, dtype="int32"),
                       attrs={"dtype": INT32, "is_sorted": True})
    assert got["Indices"].dtype == np.int32 and got["Counts"].dtype == np.int32


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_unique_along_axis(axis):
    # Few distinct values, so whole slices repeat along every axis.
    x = rng.integers(0, 2, (4, 3, 2)).astype("float64")
    x = np.concatenate([x, np.take(x, [0], axis)], axis=axis)
    check_output("unique", {"X": x}, unique_expected(x, axis),
                 attrs={"dtype": INT64, "axis": [axis], "is_sorted": True})
    xi = rng.integers(-2, 2, (5, 3)).astype("int32")
    check_output("unique", {"X": xi}, unique_expected(xi, axis % 2 if axis != -3 else 0),
                 attrs={"dtype": INT64, "axis": [axis % 2 if axis != -3 else 0],
                        "is_sorted": True})


def test_unique_nan_sorts_last_and_empty_input():
    x = np.array([2.0, np.nan, 1.0, 2.0, np.nan, -np.inf])
    got = run_op("unique", {"X": x}, {"dtype": INT64, "is_sorted": True},
                 outputs={"Out": None, "Indices": None, "Index": None, "Counts": None})
    want = np.unique(x, return_index=True, return_inverse=True, return_counts=True)
    np.testing.assert_array_equal(got["Out"], want[0])  # NaNs collapse into one, last
    np.testing.assert_array_equal(got["Indices"], want[1])
    np.testing.assert_array_equal(got["Index"], want[2].reshape(-1))
    np.testing.assert_array_equal(got["Counts"], want[3])
    empty = np.zeros((0, 3), "float32")
    check_output("unique", {"X": empty}, unique_expected(empty),
                 attrs={"dtype": INT64, "is_sorted": True})
    check_output("unique", {"X": empty}, unique_expected(empty, 0),
                 attrs={"dtype": INT64, "axis": [0], "is_sorted": True})


def test_unique_legacy_unsorted_keeps_first_appearance():
    # fluid.layers.unique's op: is_sorted false, Out in order of first appearance.
    x = np.array([2, 3, 3, 1, 5, 3], "int64")
    check_output("unique", {"X": x}, {"Out": np.array([2, 3, 1, 5]),
                                      "Index": np.array([0, 1, 1, 2, 3, 1]),
                                      "Counts": np.array([1, 3, 1, 1])},
                 attrs={"dtype": INT64})


def test_unique_errors():
    x = rng.uniform(-1, 1, (2, 3))
    outs = {"Out": None, "Index": None}
    with pytest.raises(ValueError, match="unique's dtype to be int32 or int64, but got float32"):
        run_op("unique", {"X": x}, {"dtype": int(core.VarType.FP32), "is_sorted": True},
               outputs=outs)
    with pytest.raises(ValueError, match=r"unique's axis in \[-2, 2\) for X \[2, 3\], but got 2"):
        run_op("unique", {"X": x}, {"dtype": INT64, "axis": [2], "is_sorted": True},
               outputs=outs)
    with pytest.raises(ValueError, match=r"at most one axis, but got \[0, 1\]"):
        run_op("unique", {"X": x}, {"dtype": INT64, "axis": [0, 1], "is_sorted": True},
               outputs=outs)


def test_unique_api_eager():
    paddle.disable_static()
    xv = rng.integers(0, 6, (4, 5)).astype("int64")
    x = paddle.to_tensor(xv)
    out = paddle.unique(x)
    np.testing.assert_array_equal(out.numpy(), np.unique(xv))
    out, index, inverse, counts = paddle.unique(x, return_index=True, return_inverse=True,
                                                return_counts=True)
    want = np_unique(xv)
    for got, w in zip((out, index, inverse, counts), want):
        np.testing.assert_array_equal(got.numpy(), w)
    np.testing.assert_array_equal(out.numpy()[inverse.numpy()], xv.reshape(-1))
    out, counts = paddle.unique(x, return_counts=True, dtype="int32")
    assert counts.numpy().dtype == np.int32
    np.testing.assert_array_equal(counts.numpy(), want[3])
    rows = np.array([[2, 1, 3], [3, 0, 1], [2, 1, 3]], "float32")
    out, inverse = paddle.unique(paddle.to_tensor(rows), return_inverse=True, axis=0)
    np.testing.assert_array_equal(out.numpy(), [[2, 1, 3], [3, 0, 1]])
    np.testing.assert_array_equal(inverse.numpy(), [0, 1, 0])
    # A float input needing a gradient: unique has none, its results stop the gradient.
    xf = paddle.to_tensor(rows, stop_gradient=False)
    assert paddle.unique(xf).stop_gradient
    np.testing.assert_array_equal(xf.unique().numpy(), np.unique(rows))
    with pytest.raises(TypeError, match="dtype of paddle.unique to be int32 or int64"):
        paddle.unique(x, dtype="float32")
    with pytest.raises(ValueError, match=r"axis of paddle.unique in \[-2, 2\), but got 3"):
        paddle.unique(x, axis=3)


def test_unique_api_static():
    xv = rng.integers(0, 4, (6, 3)).astype("float32")
    with static_program() as (main, startup):
        x = paddle.static.data("x", [None, 3], "float32")
        flat = paddle.unique(x)
        out, index, inverse, counts = paddle.unique(x, return_index=True, return_inverse=True,
                                                    return_counts=True, axis=0)
        assert [op.type for op in main.global_block().ops].count("unique") == 2
        op = main.global_block().ops[-1]
        assert op.attr("is_sorted") and op.attr("axis") == [0]
        assert set(op.output_names) >= {"Out", "Indices", "Index", "Counts"}
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        got = exe.run(main, feed={"x": xv}, fetch_list=[flat, out, index, inverse, counts])
    np.testing.assert_array_equal(got[0], np.unique(xv))
    for g, w in zip(got[1:], np_unique(xv, 0)):
        np.testing.assert_array_equal(g, w)


# -- bincount ------------------------------------------------------------------------------
@pytest.mark.parametrize("xdtype", ["int32", "int64"])
def test_bincount(xdtype):
    x = rng.integers(0, 7, 20).astype(xdtype)
    check_output("bincount", {"X": x}, {"Out": np.bincount(x)})
    check_output("bincount", {"X": x}, {"Out": np.bincount(x, minlength=12)},
                 attrs={"minlength": 12})
    for wdtype in ("float32", "float64", "int32", "int64"):
        w = rng.integers(-3, 4, 20).astype(wdtype) if wdtype.startswith("int") else \
            rng.uniform(-1, 1, 20).astype(wdtype)
        want = np.bincount(x, weights=w, minlength=3).astype(wdtype)
        got = check_output("bincount", {"X": x, "Weights": w}, {"Out": want},
                           attrs={"minlength": 3})
        assert got["Out"].dtype == np.dtype(wdtype)
    empty = np.zeros(0, xdtype)
    check_output("bincount", {"X": empty}, {"Out": np.zeros(4, "int64")},
                 attrs={"minlength": 4})
    check_output("bincount", {"X": empty}, {"Out": np.zeros(0, "int64")})


def test_bincount_errors():
    with pytest.raises(ValueError, match="non-negative values, but got -5 at position 2"):
        run_op("bincount", {"X": np.array([1, 0, -5, 2], "int64")}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"X to be 1-D, but got X \[2, 2\]"):
        run_op("bincount", {"X": np.zeros((2, 2), "int64")}, outputs={"Out": None})
    with pytest.raises(ValueError, match="X to be int32 or int64, but got float64"):
        run_op("bincount", {"X": np.zeros(3)}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"Weights to have X's dims \[3\], but got Weights \[4\]"):
        run_op("bincount", {"X": np.zeros(3, "int64"), "Weights": np.ones(4)},
               outputs={"Out": None})
    with pytest.raises(ValueError, match="minlength >= 0, but got -1"):
        run_op("bincount", {"X": np.zeros(3, "int64")}, {"minlength": -1}, outputs={"Out": None})


def test_bincount_api_eager_and_static():
    paddle.disable_static()
    xv = np.array([1, 1, 3, 0, 7], "int64")
    wv = np.array([0.5, 0.25, 2.0, 1.0, -1.0], "float32")
    np.testing.assert_array_equal(paddle.bincount(paddle.to_tensor(xv)).numpy(),
                                  np.bincount(xv))
    got = paddle.bincount(paddle.to_tensor(xv), weights=paddle.to_tensor(wv), minlength=10)
    assert got.numpy().dtype == np.float32
    np.testing.assert_allclose(got.numpy(), np.bincount(xv, wv, minlength=10))
    with pytest.raises(ValueError, match="non-negative values, but got -1 at position 1"):
        paddle.bincount(paddle.to_tensor(np.array([2, -1], "int32")))
    with pytest.raises(TypeError, match="x of paddle.bincount to be int32 or int64"):
        paddle.bincount(paddle.to_tensor(wv))
    with static_program() as (main, startup):
        x = paddle.static.data("x", [None], "int32")
        w = paddle.static.data("w", [None], "float64")
        counts = paddle.bincount(x, minlength=3)
        sums = paddle.bincount(x, weights=w)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        xs, ws = np.array([4, 0, 4], "int32"), np.array([1.5, 2.0, 0.25])
        got = exe.run(main, feed={"x": xs, "w": ws}, fetch_list=[counts, sums])
        np.testing.assert_array_equal(got[0], np.bincount(xs, minlength=3))
        np.testing.assert_allclose(got[1], np.bincount(xs, ws))
        # A negative value: a typed error at run time, and the executor runs on afterwards.
        with pytest.raises(ValueError, match="non-negative values, but got -3 at position 0"):
            exe.run(main, feed={"x": np.array([-3, 1], "int32"), "w": np.ones(2)},
                    fetch_list=[counts])
        got = exe.run(main, feed={"x": np.array([2], "int32"), "w": np.ones(1)},
                      fetch_list=[counts])
        np.testing.assert_array_equal(got[0], [0, 0, 1])


# -- scatter_nd_add ------------------------------------------------------------------------
SCATTER_CASES = [
    # x shape, index shape (last dim k), index values drawn per axis
    ((5, 3), (4, 1)),
    ((4, 3, 2), (2, 3, 2)),
    ((3, 4), (6, 2)),       # full-rank tuples: single elements
    ((3, 2), (2, 0)),       # k = 0: every update adds to all of x
    ((4,), (3, 1)),
]


def random_index(x_shape, index_shape, dtype="int64", negative=True):
    k = index_shape[-1]
    cols = [rng.integers(-x_shape[j] if negative else 0, x_shape[j], index_shape[:-1] + (1,))
            for j in range(k)]
    if not cols:
        return np.zeros(index_shape, dtype)
    return np.concatenate(cols, axis=-1).astype(dtype)


@pytest.mark.parametrize("x_shape,index_shape", SCATTER_CASES)
def test_scatter_nd_add(x_shape, index_shape):
    for dtype, index_dtype in (("float64", "int64"), ("float32", "int32"), ("int64", "int64"),
                               ("int32", "int32")):
        x = rng.integers(-5, 5, x_shape).astype(dtype)
        index = random_index(x_shape, index_shape, index_dtype)
        updates = rng.integers(-5, 5, index_shape[:-1] + x_shape[index_shape[-1]:]).astype(dtype)
        want = np_scatter_nd_add(x, index, updates)
        if index_shape[-1] > 0:  # NumPy's unbuffered add agrees (it takes no empty tuple)
            at = x.copy()
            np.add.at(at, tuple(np.moveaxis(index, -1, 0)), updates)
            np.testing.assert_array_equal(at, want)
        check_output("scatter_nd_add", {"X": x, "Index": index, "Updates": updates},
                     {"Out": want})


@pytest.mark.parametrize("x_shape,index_shape", SCATTER_CASES)
def test_scatter_nd_add_grad(x_shape, index_shape):
    x = rng.uniform(-1, 1, x_shape)
    index = random_index(x_shape, index_shape)
    updates = rng.uniform(-1, 1, index_shape[:-1] + x_shape[index_shape[-1]:])
    check_grad("scatter_nd_add", {"X": x, "Index": index, "Updates": updates},
               wrt=["X", "Updates"])
    # The grad op alone: X@GRAD is Out@GRAD, Updates@GRAD gathers Out@GRAD at the tuples.
    dout = rng.uniform(-1, 1, x_shape)
    got = run_op("scatter_nd_add_grad", {"Index": index, "Updates": updates, "Out@GRAD": dout},
                 outputs={"X@GRAD": None, "Updates@GRAD": None})
    np.testing.assert_array_equal(got["X@GRAD"], dout)
    k = index_shape[-1]
    tuples = index.reshape(int(np.prod(index_shape[:-1])), k)
    gathered = np.stack([dout[tuple(t)] for t in tuples])
    np.testing.assert_array_equal(got["Updates@GRAD"], gathered.reshape(updates.shape))


def test_scatter_nd_add_errors():
    x, updates = np.zeros((3, 2)), np.ones((2,))
    with pytest.raises(ValueError, match=r"Index values along axis 1 in \[-2, 2\) \(X's extent "
                       r"2\), but got 2 in index tuple 1"):
        run_op("scatter_nd_add", {"X": x, "Index": np.array([[0, 1], [1, 2]]),
                                  "Updates": updates}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"along axis 0 in \[-3, 3\) \(X's extent 3\), but got "
                       r"-4 in index tuple 0"):
        run_op("scatter_nd_add", {"X": x, "Index": np.array([[-4], [0]], "int32"),
                                  "Updates": np.ones((2, 2))}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"Updates to have dims \[2, 2\] \(Index.dims\[:-1\] \+ "
                       r"X.dims\[1:\]\), but got Updates \[2, 3\]"):
        run_op("scatter_nd_add", {"X": x, "Index": np.array([[0], [1]]),
                                  "Updates": np.ones((2, 3))}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"Index.dims\[-1\] <= rank of X \(2\)"):
        run_op("scatter_nd_add", {"X": x, "Index": np.zeros((1, 3), "int64"),
                                  "Updates": np.ones(1)}, outputs={"Out": None})
    with pytest.raises(ValueError, match="Index to be int32 or int64, but got float64"):
        run_op("scatter_nd_add", {"X": x, "Index": np.zeros((2, 1)), "Updates": np.ones((2, 2))},
               outputs={"Out": None})
    with pytest.raises(ValueError, match="Updates to have X's dtype float64, but got float32"):
        run_op("scatter_nd_add", {"X": x, "Index": np.zeros((2, 1), "int64"),
                                  "Updates": np.ones((2, 2), "float32")}, outputs={"Out": None})
    with pytest.raises(ValueError, match=r"scatter_nd_add_grad's Index values along axis 0"):
        run_op("scatter_nd_add_grad", {"Index": np.array([[5]]), "Updates": np.ones((1, 2)),
                                       "Out@GRAD": x}, outputs={"X@GRAD": None,
                                                                "Updates@GRAD": None})


def test_scatter_nd_api_eager_with_gradients():
    paddle.disable_static()
    xv = rng.uniform(-1, 1, (4, 3))
    iv = np.array([[1], [3], [1]], "int64")
    uv = rng.uniform(-1, 1, (3, 3))
    x = paddle.to_tensor(xv, stop_gradient=False)
    u = paddle.to_tensor(uv, stop_gradient=False)
    out = paddle.scatter_nd_add(x, paddle.to_tensor(iv), u)
    want = xv.copy()
    np.add.at(want, iv[:, 0], uv)
    np.testing.assert_allclose(out.numpy(), want)
    w = rng.uniform(-1, 1, (4, 3))
    (out * paddle.to_tensor(w)).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), w)           # passes through
    np.testing.assert_allclose(u.grad.numpy(), w[iv[:, 0]])  # gathered at the rows
    np.testing.assert_allclose(x.scatter_nd_add(paddle.to_tensor(iv), u).numpy(), want)
    s = paddle.scatter_nd(paddle.to_tensor(iv), paddle.to_tensor(uv), [5, 3])
    want_s = np.zeros((5, 3))
    np.add.at(want_s, iv[:, 0], uv)
    np.testing.assert_allclose(s.numpy(), want_s)
    with pytest.raises(ValueError, match=r"along axis 0 in \[-4, 4\) \(X's extent 4\), but got "
                       r"7 in index tuple 0"):
        paddle.scatter_nd_add(x, paddle.to_tensor(np.array([[7]])), paddle.to_tensor(uv[:1]))


def test_scatter_nd_api_static_with_gradients():
    xv = rng.uniform(-1, 1, (3, 4))
    iv = np.array([[0, 1], [2, 3], [0, 1]], "int64")
    uv = rng.uniform(-1, 1, (3,))
    w = rng.uniform(-1, 1, (3, 4))
    with static_program() as (main, startup):
        x = paddle.static.data("x", [3, 4], "float64")
        index = paddle.static.data("index", [None, 2], "int64")
        updates = paddle.static.data("updates", [None], "float64")
        x.stop_gradient = False
        updates.stop_gradient = False
        out = paddle.scatter_nd_add(x, index, updates)
        made = paddle.scatter_nd(index, updates, [3, 4])
        weight = paddle.static.data("w", [3, 4], "float64")
        loss = paddle.sum(out * weight)
        gx, gu = paddle.static.gradients([loss], [x, updates])
        types = [op.type for op in main.global_block().ops]
        assert "scatter_nd_add_grad" in types and types.count("scatter_nd_add") == 2
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        feed = {"x": xv, "index": iv, "updates": uv, "w": w}
        got = exe.run(main, feed=feed, fetch_list=[out, made, gx, gu])
        want = xv.copy()
        np.add.at(want, (iv[:, 0], iv[:, 1]), uv)
        np.testing.assert_allclose(got[0], want)
        want_made = np.zeros((3, 4))
        np.add.at(want_made, (iv[:, 0], iv[:, 1]), uv)
        np.testing.assert_allclose(got[1], want_made)
        np.testing.assert_allclose(got[2], w)
        np.testing.assert_allclose(got[3], w[iv[:, 0], iv[:, 1]])
        # An index out of range: a typed error naming it, then the executor runs on.
        bad = dict(feed, index=np.array([[0, 4]], "int64"), updates=np.ones(1))
        with pytest.raises(ValueError, match=r"along axis 1 in \[-4, 4\) \(X's extent 4\), but "
                           r"got 4 in index tuple 0"):
            exe.run(main, feed=bad, fetch_list=[out])
        got = exe.run(main, feed=feed, fetch_list=[out])
        np.testing.assert_allclose(got[0], want)


def test_records_use_paddle_names():
    rec = core.op_record("unique")
    assert [s[0] for s in rec["inputs"]] == ["X"]
    assert [s[0] for s in rec["outputs"]] == ["Out", "Indices", "Index", "Counts"]
    assert {a[0] for a in rec["attrs"]} == {"dtype", "return_index", "return_inverse",
                                            "return_counts", "axis", "is_sorted"}
    assert rec["grad_op_type"] == ""
    rec = core.op_record("bincount")
    assert [s[0] for s in rec["inputs"]] == ["X", "Weights"]
    assert [a[0] for a in rec["attrs"]] == ["minlength"]
    rec = core.op_record("scatter_nd_add")
    assert [s[0] for s in rec["inputs"]] == ["X", "Index", "Updates"]
    assert rec["grad_op_type"] == "scatter_nd_add_grad"
    grad = core.op_record("scatter_nd_add_grad")
    assert [s[0] for s in grad["outputs"]] == ["X@GRAD", "Updates@GRAD"]


@pytest.mark.skipif(not core.is_compiled_with_cuda(), reason="needs the CUDA backend compiled in")
def test_gpu_placement():
    # unique has no GPU kernel: a program placed on the GPU runs it on the CPU and says why;
    # bincount and scatter_nd_add (and its grad) have GPU kernels. Planning needs no GPU.
    with static_program() as (main, _):
        x = paddle.static.data("x", [None], "int64")
        paddle.unique(x)
        paddle.bincount(x)
        f = paddle.static.data("f", [4, 3], "float32")
        f.stop_gradient = False
        s = paddle.scatter_nd_add(f, paddle.static.data("i", [2, 1], "int64"),
                                  paddle.static.data("up", [2, 3], "float32"))
        paddle.static.gradients([paddle.sum(s)], [f])
        plan = core.plan_placement(main.desc, 0, core.CUDAPlace(0))
    places = {t: (p, r) for t, p, r in zip(plan["op_types"], plan["op_places"], plan["reasons"])}
    assert places["unique"] == ("cpu", "no GPU kernel for unique int64"), plan["text"]
    for op in ("bincount", "scatter_nd_add", "scatter_nd_add_grad"):
        assert places[op][0] == "gpu", plan["text"]
    assert core.has_gpu_kernel("scatter_nd_add_grad", core.VarType.FP64)
    assert core.has_gpu_kernel("bincount", core.VarType.INT32)
