"""APIs composed of existing ops: median / nanmedian / quantile / nanquantile (sort and
take_along_axis), diff, kron, trace, cross and einsum. Eager mode against NumPy, the Tensor
methods, static programs (an unknown batch extent included), gradients against
finite-difference ones of the NumPy reference, and typed errors for bad input."""
import contextlib
import warnings

import numpy as np
import pytest

import paddle
import op_test

rng = np.random.default_rng(7)
METHODS = ["linear", "lower", "higher", "nearest", "midpoint"]


@contextlib.contextmanager
def _quiet():
    """NumPy's RuntimeWarnings (all-NaN slices) silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        yield


def _t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


def _distinct(shape):
    """float64 values, all different and at least 0.1 apart (finite differences never reorder
    them)."""
    n = int(np.prod(shape)) if shape else 1
    return (rng.permutation(n) * 0.1 + rng.uniform(0, 0.01)).reshape(shape)


_fd_grad = op_test.fd_grad


def _check_grads(fn, ref, arrays, rtol=1e-6, atol=1e-7):
    """paddle.grad of sum(weight * fn(...)) against finite differences of the NumPy ref."""
    op_test.check_api_grads(fn, ref, arrays, rng, rtol, atol)


# -- median / nanmedian ------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(7,), (3, 4), (2, 5, 4)])
@pytest.mark.parametrize("keepdim", [False, True])
def test_median_avg_matches_numpy(shape, keepdim):
    a = rng.standard_normal(shape)
    x = _t(a)
    for axis in [None] + list(range(-len(shape), len(shape))):
        got = paddle.median(x, axis=axis, keepdim=keepdim)
        want = np.median(a, axis=axis, keepdims=keepdim)
        assert got.shape == list(want.shape), (axis, got.shape)
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)
    np.testing.assert_allclose(x.median(axis=0).numpy(), np.median(a, axis=0), rtol=1e-12)


def test_median_dtypes_and_zero_d():
    ints = paddle.arange(12).reshape([3, 4])
    out = paddle.median(ints, axis=1)
    assert out.numpy().dtype == np.float32
    np.testing.assert_array_equal(out.numpy(), [1.5, 5.5, 9.5])
    assert paddle.median(_t(np.array([1.0, 2.0], "float32"))).numpy().dtype == np.float32
    assert paddle.median(ints, mode="min").numpy().dtype == np.int64
    assert paddle.median(ints, mode="min").numpy() == 5  # the lower middle of 0..11
    scalar = paddle.median(_t(np.float64(2.5)))
    assert scalar.shape == [] and scalar.numpy() == 2.5
    kept = paddle.median(ints, keepdim=True)
    assert kept.shape == [1, 1] and kept.numpy()[0, 0] == 5.5


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_median_min_returns_lower_middle_and_its_index(axis):
    a = _distinct((4, 6))
    values, index = paddle.median(_t(a), axis=axis, mode="min")
    count = a.shape[axis]
    want = np.take(np.sort(a, axis=axis), (count - 1) // 2, axis=axis)
    np.testing.assert_array_equal(values.numpy(), want)
    assert index.numpy().dtype == np.int64
    picked = np.take_along_axis(a, np.expand_dims(index.numpy(), axis), axis).squeeze(axis)
    np.testing.assert_array_equal(picked, want)
    kept_values, kept_index = paddle.median(_t(a), axis=axis, keepdim=True, mode="min")
    assert kept_values.shape == kept_index.shape == list(np.expand_dims(want, axis).shape)


def test_median_with_nan_gives_nan_and_the_first_nan_index():
    a = np.array([[1.0, np.nan, 3.0, np.nan], [1.0, 2.0, 3.0, 4.0], [np.nan, 1.0, 2.0, 3.0]])
    np.testing.assert_array_equal(paddle.median(_t(a), axis=1).numpy(), np.median(a, axis=1))
    values, index = paddle.median(_t(a), axis=1, mode="min")
    np.testing.assert_array_equal(values.numpy(), [np.nan, 2.0, np.nan])
    np.testing.assert_array_equal(index.numpy(), [1, 1, 0])
    assert np.isnan(paddle.median(_t(a)).numpy())
    # an infinite middle value stays infinite (inf - inf never enters)
    np.testing.assert_array_equal(paddle.median(_t(np.array([1.0, np.inf, np.inf]))).numpy(),
                                  np.inf)


def test_nanmedian_matches_numpy():
    a = rng.standard_normal((3, 4, 5))
    a[0, 1, 2] = a[2, :, 3] = a[1, 0, 0] = np.nan
    a[:, 2, :] = np.nan  # rows of NaNs only give NaN
    x = _t(a)
    for axis in [None, 0, 1, 2, -1, [0, 2], (1, 2)]:
        for keepdim in (False, True):
            got = paddle.nanmedian(x, axis=axis, keepdim=keepdim)
            with _quiet():  # NumPy warns about the all-NaN rows
                want = np.nanmedian(a, axis=tuple(axis) if isinstance(axis, list) else axis,
                                    keepdims=keepdim)
            assert got.shape == list(want.shape), (axis, keepdim)
            np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)
    b = np.array([[np.nan, 2.0, 3.0], [0.0, 1.0, 2.0]])
    values, index = _t(b).nanmedian(0, mode="min")
    np.testing.assert_array_equal(values.numpy(), [0.0, 1.0, 2.0])
    np.testing.assert_array_equal(index.numpy(), [1, 1, 1])
    values, index = paddle.nanmedian(_t(b), 1, mode="min")
    np.testing.assert_array_equal(values.numpy(), [2.0, 1.0])
    np.testing.assert_array_equal(index.numpy(), [1, 1])
    assert paddle.nanmedian(_t(b), mode="min").numpy() == 2.0  # no index without an int axis


def test_median_gradients():
    a = _distinct((3, 4))
    _check_grads(lambda x: paddle.median(x, axis=1), lambda x: np.median(x, axis=1), [a])
    _check_grads(lambda x: paddle.median(x), np.median, [_distinct((5,))])
    _check_grads(lambda x: paddle.median(x, axis=0, mode="min")[0],
                 lambda x: np.sort(x, axis=0)[1], [a])
    b = _distinct((3, 5))
    b[0, 1] = b[2, 4] = np.nan
    _check_grads(lambda x: paddle.nanmedian(x, axis=1), lambda x: np.nanmedian(x, axis=1), [b])
    # even count: half of the gradient to each middle value
    x = _t(np.array([4.0, 1.0, 3.0, 2.0]), grad=True)
    (g,) = paddle.grad([paddle.median(x)], [x])
    np.testing.assert_array_equal(g.numpy(), [0.0, 0.0, 0.5, 0.5])


# -- quantile / nanquantile --------------------------------------------------------------------
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("axis", [None, 1, -1, [0, 2]])
def test_quantile_matches_numpy(method, axis):
    a = rng.standard_normal((3, 5, 4))
    np_axis = tuple(axis) if isinstance(axis, list) else axis
    x = _t(a)
    for q in (0.0, 0.3, 0.5, 1.0, [0.1, 0.5, 0.875], (0.25, 0.75)):
        for keepdim in (False, True):
            got = paddle.quantile(x, q, axis=axis, keepdim=keepdim, interpolation=method)
            want = np.quantile(a, q, axis=np_axis, keepdims=keepdim, method=method)
            assert got.shape == list(want.shape), (q, keepdim, got.shape, want.shape)
            np.testing.assert_allclose(got.numpy(), want, rtol=1e-12, atol=1e-12)


def test_quantile_nearest_rounds_half_to_even_as_numpy():
    for n in (4, 6, 8):  # positions 1.5, 2.5, 3.5
        a = np.arange(n, dtype="float64")
        got = paddle.quantile(_t(a), 0.5, interpolation="nearest").numpy()
        assert got == np.quantile(a, 0.5, method="nearest"), n


def test_quantile_q_forms_dtypes_and_methods():
    a = rng.standard_normal((4, 6)).astype("float32")
    x = _t(a)
    out = x.quantile([0.2, 0.6], axis=1)
    assert out.shape == [2, 4] and out.numpy().dtype == np.float32
    np.testing.assert_allclose(out.numpy(), np.quantile(a, [0.2, 0.6], axis=1), rtol=1e-6)
    # as PaddlePaddle: a list (or 1-D Tensor) of one q gives the shape of that q alone
    assert paddle.quantile(x, [0.5], axis=1).shape == [4]
    tensor_q = paddle.quantile(x, _t(np.array([0.1, 0.9])), axis=0)
    np.testing.assert_allclose(tensor_q.numpy(), np.quantile(a, [0.1, 0.9], axis=0), rtol=1e-6)
    np.testing.assert_allclose(paddle.quantile(x, _t(np.float64(0.4))).numpy(),
                               np.quantile(a, 0.4), rtol=1e-6)
    ints = _t(np.arange(10, dtype="int64").reshape(2, 5))
    got = paddle.quantile(ints, 0.3, axis=1)
    assert got.numpy().dtype == np.float32
    np.testing.assert_allclose(got.numpy(), np.quantile(np.arange(10).reshape(2, 5), 0.3, axis=1))
    assert paddle.quantile(ints, 0.3, axis=1, interpolation="lower").numpy().dtype == np.float32


def test_quantile_nan_rows_and_nanquantile():
    a = rng.standard_normal((4, 5))
    a[0, 0] = a[2, 3] = a[2, 1] = np.nan
    a[3, :] = np.nan
    x = _t(a)
    for method in METHODS:
        for q in (0.25, [0.0, 0.5, 1.0]):
            np.testing.assert_allclose(
                paddle.quantile(x, q, axis=1, interpolation=method).numpy(),
                np.quantile(a, q, axis=1, method=method), rtol=1e-12)
            with _quiet():
                want = np.nanquantile(a, q, axis=1, method=method)
            np.testing.assert_allclose(
                x.nanquantile(q, axis=1, interpolation=method).numpy(), want, rtol=1e-12)
    with _quiet():
        np.testing.assert_allclose(paddle.nanquantile(x, 0.4).numpy(), np.nanquantile(a, 0.4))


@pytest.mark.parametrize("method", ["linear", "midpoint", "lower", "nearest"])
def test_quantile_gradients(method):
    a = _distinct((3, 5))
    _check_grads(lambda x: paddle.quantile(x, [0.3, 0.5, 1.0], axis=1, interpolation=method),
                 lambda x: np.quantile(x, [0.3, 0.5, 1.0], axis=1, method=method), [a])
    b = _distinct((2, 3, 2))
    _check_grads(lambda x: paddle.quantile(x, 0.7, axis=[0, 2], interpolation=method),
                 lambda x: np.quantile(x, 0.7, axis=(0, 2), method=method), [b])
    b[0, 1, 1] = np.nan
    _check_grads(lambda x: paddle.nanquantile(x, 0.35, axis=[0, 2], interpolation=method),
                 lambda x: np.nanquantile(x, 0.35, axis=(0, 2), method=method), [b])


# -- diff, kron, trace, cross --------------------------------------------------------------------
def test_diff_matches_numpy():
    a = rng.standard_normal((3, 5, 4))
    x = _t(a)
    for n in (0, 1, 2, 3, 6):
        for axis in (0, 1, -1):
            np.testing.assert_allclose(paddle.diff(x, n, axis).numpy(), np.diff(a, n, axis))
    pre, post = rng.standard_normal((3, 2, 4)), rng.standard_normal((3, 1, 4))
    got = x.diff(n=2, axis=1, prepend=_t(pre), append=_t(post))
    np.testing.assert_allclose(got.numpy(), np.diff(a, 2, 1, prepend=pre, append=post))
    flags = np.array([[True, False, False], [True, True, False]])
    np.testing.assert_array_equal(paddle.diff(_t(flags)).numpy(), np.diff(flags))
    ints = np.array([1, 4, 9, 16], "int64")
    np.testing.assert_array_equal(paddle.diff(_t(ints), 2).numpy(), np.diff(ints, 2))
    a, pre = rng.standard_normal((2, 4)), rng.standard_normal((2, 1))
    _check_grads(lambda x, p: paddle.diff(x, 2, prepend=p),
                 lambda x, p: np.diff(x, 2, prepend=p), [a, pre])


@pytest.mark.parametrize("xs,ys", [((2, 3), (3, 2)), ((2,), (3, 4)), ((2, 1, 3), (2, 2)),
                                   ((), (3,)), ((2, 2), (2, 0))])
def test_kron_matches_numpy(xs, ys):
    a, b = rng.standard_normal(xs), rng.standard_normal(ys)
    got = paddle.kron(_t(a), _t(b))
    want = np.kron(a, b)
    assert got.shape == list(want.shape)
    np.testing.assert_allclose(got.numpy(), want)
    np.testing.assert_allclose(_t(a).kron(_t(b)).numpy(), want)
    if 0 not in ys:
        _check_grads(paddle.kron, np.kron, [a, b])


def test_trace_matches_numpy():
    a = rng.standard_normal((3, 4, 5))
    x = _t(a)
    for offset in (0, 1, -2, 3, 7, -9):
        for axis1, axis2 in ((0, 1), (1, 2), (2, 0), (-1, -3)):
            np.testing.assert_allclose(paddle.trace(x, offset, axis1, axis2).numpy(),
                                       np.trace(a, offset, axis1, axis2), atol=1e-12)
    m = rng.standard_normal((4, 4))
    assert x.trace().shape == [5] and paddle.trace(_t(m)).shape == []
    np.testing.assert_allclose(_t(m).trace(offset=1).numpy(), np.trace(m, 1))
    _check_grads(lambda t: paddle.trace(t, 1, 2, 1), lambda t: np.trace(t, 1, 2, 1), [a])
    ints = np.arange(9, dtype="int64").reshape(3, 3)
    assert paddle.trace(_t(ints)).numpy() == 12


def test_cross_matches_numpy():
    a, b = rng.standard_normal((4, 3, 3)), rng.standard_normal((4, 3, 3))
    np.testing.assert_allclose(paddle.cross(_t(a), _t(b)).numpy(), np.cross(a, b, axis=1))
    np.testing.assert_allclose(_t(a).cross(_t(b), axis=-1).numpy(), np.cross(a, b, axis=-1))
    np.testing.assert_allclose(paddle.cross(_t(a), _t(b), axis=0 + 2).numpy(),
                               np.cross(a, b, axis=2))
    c, d = rng.standard_normal((2, 5, 3)), rng.standard_normal((2, 5, 3))
    np.testing.assert_allclose(paddle.cross(_t(c), _t(d)).numpy(), np.cross(c, d))
    _check_grads(lambda x, y: paddle.cross(x, y, axis=1),
                 lambda x, y: np.cross(x, y, axis=1), [a[:2], b[:2]])


# -- einsum ------------------------------------------------------------------------------------
EINSUM = [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk", [(2, 3), (3, 4)]),
    ("ik,kj", [(2, 3), (3, 4)]),  # implicit: 'ij'
    ("ba", [(2, 3)]),  # implicit: 'ab', a transpose
    ("bA", [(2, 3)]),  # uppercase sorts first
    ("ij->ji", [(2, 3)]),
    ("ij", [(2, 3)]),
    ("ij->", [(2, 3)]),
    ("ii->i", [(3, 3)]),
    ("ii", [(3, 3)]),
    ("iji->ij", [(2, 3, 2)]),
    ("iij->j", [(3, 3, 2)]),
    ("i,i->", [(4,), (4,)]),
    ("i,j->ij", [(2,), (3,)]),
    (",i->i", [(), (3,)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("ijk,jil->kl", [(2, 3, 4), (3, 2, 5)]),
    ("ij,kj->ikj", [(2, 3), (4, 3)]),
    ("ij,ij->ij", [(2, 1), (2, 3)]),  # a label of extent 1 broadcasts
    ("...ij,...jk->...ik", [(5, 1, 2, 3), (4, 3, 2)]),
    ("...ij,...jk", [(5, 1, 2, 3), (4, 3, 2)]),
    ("i...->...", [(2, 3, 4)]),
    ("...", [(2, 3)]),
    ("i...j,j->...i", [(2, 3, 4), (4,)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
    ("abc,cd,de->abe", [(2, 2, 3), (3, 4), (4, 2)]),
    ("ij,ij,ij->", [(2, 3), (2, 3), (2, 3)]),
    ("ij,jk,ki->", [(2, 3), (3, 4), (4, 2)]),
    ("ik,kj->", [(2, 3), (3, 2)]),
    ("b i j , b j k -> b k i", [(2, 2, 3), (2, 3, 2)]),
]


@pytest.mark.parametrize("equation,shapes", EINSUM, ids=[e for e, _ in EINSUM])
def test_einsum_matches_numpy_with_gradients(equation, shapes):
    arrays = [rng.standard_normal(s) for s in shapes]
    got = paddle.einsum(equation, *[_t(a) for a in arrays])
    want = np.einsum(equation, *arrays)
    assert got.shape == list(want.shape)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-12, atol=1e-12)
    _check_grads(lambda *ts: paddle.einsum(equation, *ts),
                 lambda *xs: np.einsum(equation, *xs), arrays)


def test_einsum_operands_as_a_list_and_float32():
    a, b = rng.standard_normal((2, 3)).astype("float32"), rng.standard_normal(3).astype("float32")
    got = paddle.einsum("ij,j->i", [_t(a), _t(b)])
    assert got.numpy().dtype == np.float32
    np.testing.assert_allclose(got.numpy(), a @ b, rtol=1e-6)
    empty = paddle.einsum("ij,jk->ik", _t(np.ones((2, 0))), _t(np.ones((0, 3))))
    np.testing.assert_array_equal(empty.numpy(), np.zeros((2, 3)))


# -- static programs ---------------------------------------------------------------------------
_run_static = op_test.run_static


def test_static_program_with_unknown_batch():
    a = rng.standard_normal((2, 3, 4))
    b = rng.standard_normal((2, 4, 5))
    c = rng.standard_normal((2, 3, 3))
    a[1, 2, 0] = np.nan

    def build(x, y, z):
        return [paddle.median(x, axis=1), paddle.nanmedian(x, axis=[1, 2]),
                paddle.median(x, axis=2, mode="min")[1],
                paddle.quantile(z, [0.25, 0.5], axis=[1, 2], interpolation="nearest"),
                paddle.nanquantile(x, 0.7, axis=1, keepdim=True),
                paddle.einsum("bij,bjk->bik", z, x), paddle.einsum("bii->b", z),
                paddle.einsum("...j,...j->...", y, y),
                paddle.trace(x, 1, 1, 2), paddle.diff(x, axis=1, append=x),
                paddle.kron(z, paddle.ones([2], "float64")),
                paddle.cross(z, z * 2.0 + 1.0, axis=2), paddle.median(z)]

    got = _run_static(build, {"x": a, "y": b, "z": c},
                      {"x": [-1, 3, 4], "y": [-1, 4, 5], "z": [-1, 3, 3]})
    with _quiet():
        want = [np.median(a, 1), np.nanmedian(a, (1, 2)), None,
                np.quantile(c, [0.25, 0.5], axis=(1, 2), method="nearest"),
                np.nanquantile(a, 0.7, axis=1, keepdims=True),
                np.einsum("bij,bjk->bik", c, a), np.einsum("bii->b", c),
                np.einsum("...j,...j->...", b, b), np.trace(a, 1, 1, 2),
                np.diff(a, axis=1, append=a), np.kron(c, np.ones(2)),
                np.cross(c, 2 * c + 1, axis=2), np.median(c)]
    sorted_index = np.argsort(a, axis=2, kind="stable")[..., 1]
    sorted_index[1, 2] = 0  # the row holding a NaN: the NaN's index
    want[2] = sorted_index
    for i, (g, w) in enumerate(zip(got, want)):
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12, err_msg=f"output {i}")


def test_static_gradients():
    a = _distinct((3, 4))
    b = rng.standard_normal((4, 3))

    def build(x, y):
        x.stop_gradient = False
        y.stop_gradient = False
        loss = (paddle.median(x, axis=1).sum() + paddle.quantile(x, 0.25).sum()
                + paddle.einsum("ij,ji->", x, y) + paddle.trace(x) + paddle.kron(x, y).sum())
        return paddle.static.gradients([loss], [x, y])

    gx, gy = _run_static(build, {"x": a, "y": b})

    def ref(x, y):
        return (np.median(x, axis=1).sum() + np.quantile(x, 0.25)
                + np.einsum("ij,ji->", x, y) + np.trace(x) + np.kron(x, y).sum())

    np.testing.assert_allclose(gx, _fd_grad(ref, [a, b], 0, 1.0), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(gy, _fd_grad(ref, [a, b], 1, 1.0), rtol=1e-6, atol=1e-7)


# -- bad input ---------------------------------------------------------------------------------
def test_errors_are_typed_and_name_the_argument():
    f = _t(np.ones((2, 3)))
    v3 = _t(np.ones((2, 3)))
    with pytest.raises(ValueError, match=r"paddle.median's axis in \[-2, 2\) .* but got 2"):
        paddle.median(f, axis=2)
    with pytest.raises(TypeError, match="axis of paddle.median to be None or an int, but got list"):
        paddle.median(f, axis=[0, 1])
    with pytest.raises(ValueError, match="mode of paddle.median to be 'avg' or 'min', but got "
                                         "'max'"):
        paddle.median(f, mode="max")
    with pytest.raises(TypeError, match="x of paddle.median to be a Tensor, but got list"):
        paddle.median([1.0, 2.0])
    with pytest.raises(TypeError, match="x of paddle.nanmedian to be .* but got bool"):
        paddle.nanmedian(_t(np.array([True, False])))
    with pytest.raises(ValueError, match=r"x of paddle.quantile to have elements along the "
                                         r"reduced axes \[1\], but got shape \[2, 0\]"):
        paddle.quantile(_t(np.ones((2, 0))), 0.5, axis=1)
    with pytest.raises(ValueError, match="x of paddle.median to have elements along"):
        paddle.median(_t(np.ones((0,))))
    with pytest.raises(ValueError, match="axis of paddle.nanmedian to name each axis once"):
        paddle.nanmedian(f, axis=[0, -2])
    with pytest.raises(ValueError, match=r"q of paddle.quantile to be in \[0, 1\], but got 1.5"):
        paddle.quantile(f, 1.5)
    with pytest.raises(ValueError, match=r"nanquantile to be in \[0, 1\], but got -0.1"):
        paddle.nanquantile(f, [0.5, -0.1])
    with pytest.raises(ValueError, match=r"q of paddle.quantile to be in \[0, 1\], but got 2.0"):
        paddle.quantile(f, _t(np.array([0.5, 2.0])))
    with pytest.raises(TypeError, match="q of paddle.quantile to be a float, .* but got str"):
        paddle.quantile(f, "0.5")
    with pytest.raises(ValueError, match="q of paddle.quantile to hold at least one value"):
        paddle.quantile(f, [])
    with pytest.raises(TypeError, match="keepdim of paddle.quantile to be a bool, but got int"):
        paddle.quantile(f, 0.5, keepdim=1)
    with pytest.raises(ValueError, match="interpolation of paddle.quantile .* but got 'cubic'"):
        paddle.quantile(f, 0.5, interpolation="cubic")
    with pytest.raises(ValueError, match=r"paddle.quantile's axis in \[-2, 2\) .* but got -3"):
        paddle.quantile(f, 0.5, axis=[0, -3])
    with pytest.raises(ValueError, match="n of paddle.diff to be non-negative, but got -1"):
        paddle.diff(f, n=-1)
    with pytest.raises(TypeError, match="n of paddle.diff to be an int, but got float"):
        paddle.diff(f, n=1.0)
    with pytest.raises(ValueError, match=r"prepend of paddle.diff to have x's rank 2, but got "
                                         r"shape \[3\]"):
        paddle.diff(f, prepend=_t(np.ones(3)))
    with pytest.raises(TypeError, match="append of paddle.diff to have x's dtype float64, but got "
                                        "int64"):
        paddle.diff(f, append=_t(np.ones((2, 1), "int64")))
    with pytest.raises(ValueError, match=r"paddle.diff's axis in \[-2, 2\) .* but got 5"):
        paddle.diff(f, axis=5)
    with pytest.raises(TypeError, match="same dtype, but got float64 and int64"):
        paddle.kron(f, _t(np.ones(2, "int64")))
    with pytest.raises(ValueError, match="axis1 and axis2 of paddle.trace to name different axes"):
        paddle.trace(f, 0, 1, -1)
    with pytest.raises(ValueError, match="x of paddle.trace to have at least 2 dimensions, but "
                                         "got 1"):
        paddle.trace(_t(np.ones(3)))
    with pytest.raises(TypeError, match="offset of paddle.trace to be an int, but got float"):
        paddle.trace(f, 0.5)
    with pytest.raises(ValueError, match="axis 0 of paddle.cross's x and y to have extent 3, "
                                         "but got 2"):
        paddle.cross(v3, v3, axis=0)
    with pytest.raises(ValueError, match=r"an axis of extent 3 .* but got shape \[2, 2\]"):
        paddle.cross(_t(np.ones((2, 2))), _t(np.ones((2, 2))))
    with pytest.raises(ValueError, match=r"same shape, but got \[2, 3\] and \[3, 3\]"):
        paddle.cross(v3, _t(np.ones((3, 3))))


def test_einsum_errors():
    a, b = _t(np.ones((2, 3))), _t(np.ones((3, 4)))
    with pytest.raises(ValueError, match="2 operands for the einsum equation 'ij,jk', but got 1"):
        paddle.einsum("ij,jk", a)
    with pytest.raises(ValueError, match="operand 0 of paddle.einsum to have 3 dimensions for the "
                                         r"subscripts 'ijk', but got 2 \(shape \[2, 3\]\)"):
        paddle.einsum("ijk->i", a)
    with pytest.raises(ValueError, match="operand 0 .* at least 3 dimensions .* but got 2"):
        paddle.einsum("ijk...->i", a)
    with pytest.raises(ValueError, match="label 'j' of the einsum equation 'ij,jk->ik' to have one "
                                         "extent .* but got 3 and 2"):
        paddle.einsum("ij,jk->ik", a, a)
    with pytest.raises(ValueError, match="output label 'z' .* to appear among the inputs' labels"):
        paddle.einsum("ij->iz", a)
    with pytest.raises(ValueError, match="output label 'i' .* to appear once, but got 'ii'"):
        paddle.einsum("ij->ii", a)
    with pytest.raises(ValueError, match="letters and at most one '...', but got 'i1'"):
        paddle.einsum("i1->i", a)
    with pytest.raises(ValueError, match="letters and at most one '...', but got '.....'"):
        paddle.einsum(".....", a)
    with pytest.raises(ValueError, match="at most one '->'"):
        paddle.einsum("ij->ij->ij", a)
    with pytest.raises(ValueError, match="hold '...' for the 1 broadcast dimensions"):
        paddle.einsum("...j->j", a)
    with pytest.raises(ValueError, match="label 'i' .* to have one extent .* but got 2 and 3"):
        paddle.einsum("ii->i", a)
    with pytest.raises(TypeError, match="equation of paddle.einsum to be a str, but got int"):
        paddle.einsum(3, a)
    with pytest.raises(TypeError, match="operand 1 of paddle.einsum to be a Tensor, but got nd"):
        paddle.einsum("ij,jk", a, np.ones((3, 4)))
    with pytest.raises(TypeError, match="one dtype, but got float64 and int64 \\(operand 1\\)"):
        paddle.einsum("ij,jk", a, _t(np.ones((3, 4), "int64")))
    with pytest.raises(ValueError, match="at least one operand"):
        paddle.einsum("ij")
