"""The math APIs of paddle.tensor.math_ext (trigonometric / hyperbolic functions and inverses,
expm1, lgamma, digamma, erfinv and trunc, one op each; frac, neg, angle units, atan2, hypot,
logaddexp, fmax/fmin, heaviside, gcd/lcm, lerp, logit, stanh, nan_to_num, nansum/nanmean,
count_nonzero, prod, isclose, cummax/cummin, logcumsumexp, kthvalue, mode): eager values against
NumPy (math-module references for the special functions), gradients against float64 central
differences of the reference, static programs with an unknown batch extent, Tensor methods,
and bad input."""
import warnings

import numpy as np
import pytest

import paddle
import op_test
from special_ref import digamma_ref, erfinv_ref, lgamma_ref

rng = np.random.default_rng(7)


def _t(a, grad=False):
    return paddle.to_tensor(a, stop_gradient=not grad)


def _tol(dtype):
    return dict(rtol=2e-6, atol=1e-6) if dtype == "float32" else dict(rtol=1e-13, atol=1e-14)


def _num_grad(f, a, w, h=1e-6):
    """d sum(f(a) * w) / da by float64 central differences of the NumPy function f."""
    a = a.astype("float64")
    g = np.zeros_like(a)
    for i in np.ndindex(a.shape):
        up, down = a.copy(), a.copy()
        up[i] += h
        down[i] -= h
        g[i] = np.sum((f(up) - f(down)) * w) / (2 * h)
    return g


def _grads(out, xs, w):
    return [g.numpy() for g in paddle.grad([(out * _t(w)).sum()], xs)]


def _expm1_ref(a):
    return np.expm1(a)


# name, NumPy reference, input maker (dtype -> array)
UNARY = [
    ("tan", np.tan, lambda d: rng.uniform(-1.4, 1.4, (3, 4)).astype(d)),
    ("atan", np.arctan, lambda d: np.concatenate(
        [rng.uniform(-3, 3, 8), [0.0, 0.19, 0.21, 1.0, -1.0, 40.0, -1e4, 1e30]]).astype(d)),
    ("asin", np.arcsin, lambda d: np.concatenate(
        [rng.uniform(-0.99, 0.99, 8), [0.0, 0.999, -0.7]]).astype(d)),
    ("acos", np.arccos, lambda d: np.concatenate(
        [rng.uniform(-0.99, 0.99, 8), [0.0, 0.999, -0.999]]).astype(d)),
    ("sinh", np.sinh, lambda d: np.concatenate(
        [rng.uniform(-4, 4, 8), [1e-7, -1e-9, 0.49, -0.6, 20.0]]).astype(d)),
    ("cosh", np.cosh, lambda d: rng.uniform(-4, 4, (2, 5)).astype(d)),
    ("asinh", np.arcsinh, lambda d: np.concatenate(
        [rng.uniform(-5, 5, 8), [1e-8, -1e-6, 0.0, 3e9, -2e12]]).astype(d)),
    ("acosh", np.arccosh, lambda d: np.concatenate(
        [rng.uniform(1.01, 6, 8), [1.0 + 1e-5, 1e9, 3e12]]).astype(d)),
    ("atanh", np.arctanh, lambda d: np.concatenate(
        [rng.uniform(-0.95, 0.95, 8), [1e-9, -0.5]]).astype(d)),
    ("expm1", _expm1_ref, lambda d: np.concatenate(
        [rng.uniform(-3, 3, 8), [1e-10, -1e-7, 0.0, 0.4999, -0.5, 30.0, -40.0]]).astype(d)),
    ("deg2rad", np.deg2rad, lambda d: rng.uniform(-400, 400, (3, 4)).astype(d)),
    ("rad2deg", np.rad2deg, lambda d: rng.uniform(-7, 7, (3, 4)).astype(d)),
    ("neg", np.negative, lambda d: rng.uniform(-7, 7, (3, 4)).astype(d)),
    ("lgamma", lgamma_ref, lambda d: np.concatenate(
        [rng.uniform(-3.9, 7, 8), [-2.5, -0.5, 0.5, 1.5, 1e-8, 30.0]]).astype(d)),
    ("digamma", digamma_ref, lambda d: np.concatenate(
        [rng.uniform(-3.9, 7, 8), [-2.5, -0.5, 0.5, 1.4616321449683622, 1e-8, 30.0]]).astype(d)),
    ("erfinv", erfinv_ref, lambda d: np.concatenate(
        [rng.uniform(-0.95, 0.95, 8), [0.0, 1e-9, -0.5, 0.75]]).astype(d)),
    ("trunc", np.trunc, lambda d: np.array([-2.5, -2.0, -0.3, 0.0, 0.3, 2.0, 2.7], d)),
    ("frac", lambda a: a - np.trunc(a), lambda d: np.array([-2.5, -2.0, -0.3, 0.3, 2.75], d)),
    ("stanh", lambda a: 1.7159 * np.tanh(0.67 * a), lambda d: rng.uniform(-3, 3, (4,)).astype(d)),
]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name,ref,make", UNARY, ids=[c[0] for c in UNARY])
def test_unary_values(name, ref, make, dtype):
    a = make(dtype)
    with np.errstate(all="ignore"):
        want = ref(a.astype("float64"))
    tol = _tol(dtype)
    if dtype == "float32" and name in ("lgamma", "digamma"):
        tol = dict(rtol=1e-5, atol=1e-5)  # float32 sums of terms up to 1e8 near the poles
    got = getattr(paddle, name)(_t(a))
    assert got.dtype == _t(a).dtype
    np.testing.assert_allclose(got.numpy(), want, **tol)
    np.testing.assert_allclose(getattr(_t(a), name)().numpy(), want, **tol)


@pytest.mark.parametrize("name,ref,make", UNARY, ids=[c[0] for c in UNARY])
def test_unary_gradients(name, ref, make):
    a = make("float64")
    a = a[np.abs(a) < 1e3]  # finite differences need a moderate scale
    if name in ("trunc", "frac"):
        a = a[np.abs(a - np.round(a)) > 1e-3]  # away from the jumps
    if name in ("lgamma", "digamma"):
        a = a[np.abs(a - np.round(a)) > 0.02]  # away from the poles
    if name == "acosh":
        a = a[a > 1.01]  # away from the singularity at 1
    w = rng.uniform(0.5, 1.5, a.shape)
    x = _t(a, grad=True)
    (g,) = _grads(getattr(paddle, name)(x), [x], w)
    np.testing.assert_allclose(g, _num_grad(ref, a, w), rtol=1e-6, atol=1e-7)


def test_unary_edges_and_integer_inputs():
    with np.errstate(all="ignore"):
        special = np.array([np.inf, -np.inf, np.nan, 1.0, -1.0, 1.5, 0.0])
        for name, ref in (("atan", np.arctan), ("asin", np.arcsin), ("acos", np.arccos),
                          ("atanh", np.arctanh), ("acosh", np.arccosh), ("asinh", np.arcsinh),
                          ("expm1", np.expm1), ("tan", np.tan), ("trunc", np.trunc)):
            np.testing.assert_allclose(getattr(paddle, name)(_t(special)).numpy(), ref(special),
                                       rtol=1e-13, err_msg=name)
    ints = np.array([[-3, 0, 2]], "int32")
    got = paddle.deg2rad(_t(ints))
    assert got.dtype == paddle.float32
    np.testing.assert_allclose(got.numpy(), np.deg2rad(ints), rtol=1e-6)
    for name, ref in (("atan", np.arctan), ("lgamma", lgamma_ref), ("digamma", digamma_ref),
                      ("expm1", np.expm1)):
        got = getattr(paddle, name)(_t(ints[:, 2:]))
        assert got.dtype == paddle.float32, name
        np.testing.assert_allclose(got.numpy(), ref(ints[:, 2:].astype("float64")), rtol=1e-6)
    got = paddle.erfinv(_t(np.array([0, 1, -1], "int64")))
    assert got.dtype == paddle.float32
    np.testing.assert_array_equal(got.numpy(), [0.0, np.inf, -np.inf])
    np.testing.assert_array_equal(paddle.trunc(_t(ints)).numpy(), ints)
    np.testing.assert_array_equal(paddle.frac(_t(ints)).numpy(), np.zeros_like(ints))
    np.testing.assert_array_equal(paddle.neg(_t(ints)).numpy(), -ints)


ONE_OP = ["tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "expm1",
          "lgamma", "digamma", "erfinv", "trunc"]


def test_each_function_is_one_op():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [-1, 3], "float64")
            for name in ONE_OP:
                before = len(main.global_block().ops)
                getattr(paddle, name)(x)
                added = [op.type for op in main.global_block().ops[before:]]
                assert added == [name], (name, added)
    finally:
        paddle.disable_static()


# -- binary ----------------------------------------------------------------------------------
X = rng.uniform(-3, 3, (3, 4))
Y = rng.uniform(-3, 3, (4,))
Y[1] = 0.0

BINARY = [
    ("atan2", np.arctan2),
    ("hypot", np.hypot),
    ("logaddexp", np.logaddexp),
    ("fmax", np.fmax),
    ("fmin", np.fmin),
    ("lerp07", lambda a, b: a + 0.7 * (b - a)),
]


def _binary(name, x, y):
    if name == "lerp07":
        return paddle.lerp(x, y, 0.7)
    return getattr(paddle, name)(x, y)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name,ref", BINARY, ids=[c[0] for c in BINARY])
def test_binary_values_and_gradients(name, ref, dtype):
    a, b = X.astype(dtype), Y.astype(dtype)
    got = _binary(name, _t(a), _t(b))
    assert got.shape == [3, 4] and got.dtype == _t(a).dtype
    np.testing.assert_allclose(got.numpy(), ref(a.astype("float64"), b.astype("float64")),
                               **_tol(dtype))
    if dtype == "float64":
        b2 = np.broadcast_to(Y, X.shape).copy()
        b2[1, 1] = 0.3
        w = rng.uniform(0.5, 1.5, X.shape)
        x, y = _t(X, grad=True), _t(b2, grad=True)
        gx, gy = _grads(_binary(name, x, y), [x, y], w)
        np.testing.assert_allclose(gx, _num_grad(lambda v: ref(v, b2), X, w), rtol=1e-6,
                                   atol=1e-7)
        np.testing.assert_allclose(gy, _num_grad(lambda v: ref(X, v), b2, w), rtol=1e-6,
                                   atol=1e-7)


def test_binary_special_values():
    a = np.array([1.0, np.nan, 3.0, np.nan, -np.inf, np.inf, 0.0])
    b = np.array([np.nan, 2.0, 1.0, np.nan, -np.inf, np.inf, -0.0])
    for name, ref in (("fmax", np.fmax), ("fmin", np.fmin), ("logaddexp", np.logaddexp)):
        with np.errstate(invalid="ignore"):
            want = ref(a, b)
        np.testing.assert_array_equal(getattr(paddle, name)(_t(a), _t(b)).numpy(), want)
    ys = np.array([0.0, 1.0, -1.0, 0.0, 2.0, -2.0, np.inf])
    xs = np.array([0.0, 0.0, 0.0, -1.0, -2.0, 2.0, 1.0])
    np.testing.assert_allclose(paddle.atan2(_t(ys), _t(xs)).numpy(), np.arctan2(ys, xs),
                               rtol=1e-14)
    got = paddle.atan2(_t(np.array([1, -2], "int32")), _t(np.array([2, 2], "int32")))
    assert got.dtype == paddle.float64
    np.testing.assert_allclose(got.numpy(), np.arctan2([1, -2], [2, 2]), rtol=1e-14)
    ia, ib = np.array([3, 9, 2], "int64"), np.array([5, 1, 2], "int64")
    np.testing.assert_array_equal(paddle.fmax(_t(ia), _t(ib)).numpy(), np.fmax(ia, ib))


def test_heaviside():
    a = np.array([[-1.5, 0.0, 2.0, np.nan, 0.0]])
    b = np.array([[0.25], [0.75]])
    np.testing.assert_array_equal(paddle.heaviside(_t(a), _t(b)).numpy(), np.heaviside(a, b))
    ia, ib = np.array([-3, 0, 4], "int64"), np.array([7, 7, 7], "int64")
    np.testing.assert_array_equal(_t(ia).heaviside(_t(ib)).numpy(), np.heaviside(ia, ib))
    x, y = _t(np.array([-1.0, 0.0, 2.0]), grad=True), _t(np.array([3.0, 4.0, 5.0]), grad=True)
    gx, gy = _grads(paddle.heaviside(x, y), [x, y], np.ones(3))
    np.testing.assert_array_equal(gx, [0.0, 0.0, 0.0])
    np.testing.assert_array_equal(gy, [0.0, 1.0, 0.0])


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_gcd_lcm(dtype):
    a = rng.integers(-60, 60, (4, 6)).astype(dtype)
    b = rng.integers(-60, 60, (6,)).astype(dtype)
    a[0, :2] = 0
    b[1] = 0
    g = paddle.gcd(_t(a), _t(b))
    assert g.dtype == _t(a).dtype and g.shape == [4, 6]
    np.testing.assert_array_equal(g.numpy(), np.gcd(a, b))
    np.testing.assert_array_equal(paddle.lcm(_t(a), _t(b)).numpy(), np.lcm(a, b))
    big = np.array([2 ** 40 * 3, 832040], "int64")
    other = np.array([2 ** 35 * 9, 514229], "int64")  # consecutive Fibonacci numbers
    np.testing.assert_array_equal(_t(big).gcd(_t(other)).numpy(), np.gcd(big, other))


def test_lerp_with_tensor_weight_and_its_gradient():
    a, b = rng.uniform(-2, 2, (2, 3)), rng.uniform(-2, 2, (2, 3))
    wt = rng.uniform(0, 1, (3,))
    x, y, w = _t(a, grad=True), _t(b, grad=True), _t(wt, grad=True)
    out = paddle.lerp(x, y, w)
    np.testing.assert_allclose(out.numpy(), a + wt * (b - a), rtol=1e-14)
    gx, gy, gw = _grads(out, [x, y, w], np.ones((2, 3)))
    np.testing.assert_allclose(gx, np.broadcast_to(1 - wt, (2, 3)), rtol=1e-14)
    np.testing.assert_allclose(gy, np.broadcast_to(wt, (2, 3)), rtol=1e-14)
    np.testing.assert_allclose(gw, (b - a).sum(0), rtol=1e-13)


def test_logit():
    p = np.array([0.02, 0.3, 0.5, 0.9, 0.99])
    np.testing.assert_allclose(paddle.logit(_t(p)).numpy(), np.log(p / (1 - p)), rtol=1e-14)
    c = np.clip(p, 0.05, 0.95)
    x = _t(p, grad=True)
    out = paddle.logit(x, eps=0.05)
    np.testing.assert_allclose(out.numpy(), np.log(c / (1 - c)), rtol=1e-14)
    (g,) = _grads(out, [x], np.ones(5))
    inside = (p > 0.05) & (p < 0.95)
    np.testing.assert_allclose(g, np.where(inside, 1 / (p * (1 - p)), 0.0), rtol=1e-12)
    with np.errstate(all="ignore"):
        assert np.isnan(paddle.logit(_t(np.array([1.5]))).numpy()).all()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_nan_to_num(dtype):
    a = np.array([1.0, np.nan, np.inf, -np.inf, -2.5], dtype)
    np.testing.assert_array_equal(paddle.nan_to_num(_t(a)).numpy(), np.nan_to_num(a))
    got = _t(a).nan_to_num(nan=7.0, posinf=1e3, neginf=-9.0).numpy()
    np.testing.assert_array_equal(got, np.nan_to_num(a, nan=7.0, posinf=1e3, neginf=-9.0))
    x = _t(a, grad=True)
    (g,) = _grads(paddle.nan_to_num(x), [x], np.ones(5, dtype))
    np.testing.assert_array_equal(g, [1.0, 0.0, 0.0, 0.0, 1.0])


# -- reductions ------------------------------------------------------------------------------
def test_nansum_nanmean():
    a = rng.uniform(-3, 3, (3, 4))
    a[0, 1] = np.nan
    a[2, :] = np.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for axis, keep in ((None, False), (1, False), (0, True), ([0, 1], False)):
            np.testing.assert_allclose(paddle.nansum(_t(a), axis, keepdim=keep).numpy(),
                                       np.nansum(a, axis=None if axis is None else tuple(
                                           np.atleast_1d(axis)), keepdims=keep), rtol=1e-14)
            np.testing.assert_allclose(paddle.nanmean(_t(a), axis, keepdim=keep).numpy(),
                                       np.nanmean(a, axis=None if axis is None else tuple(
                                           np.atleast_1d(axis)), keepdims=keep), rtol=1e-14)
    got = paddle.nansum(_t(np.array([1, 2, 3], "int32")), dtype="int64")
    assert got.dtype == paddle.int64 and int(got.numpy()) == 6
    x = _t(a, grad=True)
    (gs,) = _grads(paddle.nansum(x, axis=1), [x], np.ones(3))
    np.testing.assert_array_equal(gs, np.where(np.isnan(a), 0.0, 1.0))
    (gm,) = _grads(x.nanmean(axis=1), [x], np.ones(3))
    counts = (~np.isnan(a)).sum(1, keepdims=True)
    np.testing.assert_allclose(gm[:2], np.where(np.isnan(a[:2]), 0.0, 1.0 / counts[:2]))


def test_count_nonzero():
    a = rng.integers(-2, 3, (3, 5)).astype("float32")
    got = paddle.count_nonzero(_t(a), axis=1)
    assert got.dtype == paddle.int64
    np.testing.assert_array_equal(got.numpy(), np.count_nonzero(a, axis=1))
    np.testing.assert_array_equal(_t(a > 0).count_nonzero(axis=0, keepdim=True).numpy(),
                                  np.count_nonzero(a > 0, axis=0, keepdims=True))
    assert int(paddle.count_nonzero(_t(a)).numpy()) == np.count_nonzero(a)


def test_prod():
    a = rng.uniform(0.5, 1.5, (2, 3, 4))
    a[1, 2, 0] = 0.0
    t = _t(a)
    for axis, keep in ((None, False), (1, False), (-1, True), ([0, 2], False), ((0, 1), True)):
        got = paddle.prod(t, axis, keepdim=keep)
        want = np.prod(a, axis=None if axis is None else axis if isinstance(axis, int)
                       else tuple(axis), keepdims=keep)
        assert got.shape == list(want.shape), (axis, keep)
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-14)
    assert paddle.prod(t, keepdim=True).shape == [1, 1, 1]
    ints = np.array([[2, -3, 4], [1, 5, -1]], "int32")
    np.testing.assert_array_equal(_t(ints).prod(1).numpy(), np.prod(ints, 1))
    got = paddle.prod(_t(ints), dtype="int64")
    assert got.dtype == paddle.int64 and int(got.numpy()) == np.prod(ints)
    x = _t(a, grad=True)
    w = rng.uniform(0.5, 1.5, (2, 4))
    (g,) = _grads(paddle.prod(x, 1), [x], w)
    np.testing.assert_allclose(g, _num_grad(lambda v: np.prod(v, 1), a, w), rtol=1e-6, atol=1e-8)


def test_isclose():
    a = np.array([1.0, 1.0, np.inf, np.inf, np.nan, 0.0, 1e-9])
    b = np.array([1.0 + 1e-6, 1.1, np.inf, -np.inf, np.nan, 1e-9, 0.0])
    got = paddle.isclose(_t(a), _t(b))
    assert got.dtype == paddle.bool
    np.testing.assert_array_equal(got.numpy(), np.isclose(a, b))
    np.testing.assert_array_equal(_t(a).isclose(_t(b), rtol=0.2, equal_nan=True).numpy(),
                                  np.isclose(a, b, rtol=0.2, equal_nan=True))
    np.testing.assert_array_equal(
        paddle.isclose(_t(X), _t(Y), atol=2.0).numpy(), np.isclose(X, Y, atol=2.0))


# -- running scans ---------------------------------------------------------------------------
def _np_cum(a, axis, better):
    """Sequential reference: later position on ties, a NaN stays once it appears."""
    a = np.moveaxis(a, axis, -1)
    vals, idx = np.empty_like(a), np.empty(a.shape, "int64")
    for lead in np.ndindex(a.shape[:-1]):
        best, at = a[lead + (0,)], 0
        for j in range(a.shape[-1]):
            v = a[lead + (j,)]
            if np.isnan(v) or (not np.isnan(best) and better(v, best)):
                best, at = v, j
            vals[lead + (j,)], idx[lead + (j,)] = best, at
    return np.moveaxis(vals, -1, axis), np.moveaxis(idx, -1, axis)


@pytest.mark.parametrize("fn,better", [("cummax", np.greater_equal),
                                       ("cummin", np.less_equal)])
def test_cummax_cummin(fn, better):
    a = rng.integers(0, 4, (3, 11)).astype("float64")
    a[1, 5] = np.nan
    for axis in (1, 0, -1):
        v, i = getattr(paddle, fn)(_t(a), axis)
        rv, ri = _np_cum(a, axis, better)
        assert i.dtype == paddle.int64
        np.testing.assert_array_equal(v.numpy(), rv)
        np.testing.assert_array_equal(i.numpy(), ri)
    v, i = getattr(_t(a), fn)(dtype="int32")
    rv, ri = _np_cum(a.reshape(-1), 0, better)
    assert i.dtype == paddle.int32
    np.testing.assert_array_equal(v.numpy(), rv)
    np.testing.assert_array_equal(i.numpy(), ri)
    ints = rng.integers(-5, 5, (2, 6)).astype("int64")
    v, i = getattr(paddle, fn)(_t(ints), 1)
    rv, ri = _np_cum(ints, 1, better)
    np.testing.assert_array_equal(v.numpy(), rv)
    np.testing.assert_array_equal(i.numpy(), ri)
    x = _t(a[:1], grad=True)
    (g,) = _grads(getattr(paddle, fn)(x, 1)[0], [x], np.ones((1, 11)))
    np.testing.assert_array_equal(g, np.bincount(_np_cum(a[:1], 1, better)[1][0],
                                                 minlength=11)[None].astype("float64"))


def test_logcumsumexp():
    a = rng.uniform(-3, 3, (3, 7))
    a[0, 0] = 800.0
    a[1, 3] = -np.inf
    for axis in (1, 0):
        np.testing.assert_allclose(paddle.logcumsumexp(_t(a), axis).numpy(),
                                   np.logaddexp.accumulate(a, axis), rtol=1e-13)
    np.testing.assert_allclose(_t(a).logcumsumexp().numpy(),
                               np.logaddexp.accumulate(a.reshape(-1)), rtol=1e-13)
    got = paddle.logcumsumexp(_t(a.astype("float32")), 1, dtype="float64")
    assert got.dtype == paddle.float64
    b = rng.uniform(-3, 3, (2, 5))
    w = rng.uniform(0.5, 1.5, b.shape)
    x = _t(b, grad=True)
    (g,) = _grads(paddle.logcumsumexp(x, 1), [x], w)
    np.testing.assert_allclose(g, _num_grad(lambda v: np.logaddexp.accumulate(v, 1), b, w),
                               rtol=1e-6)


# -- order statistics ------------------------------------------------------------------------
def test_kthvalue():
    a = rng.permutation(24).reshape(2, 3, 4).astype("float64")
    for k, axis, keep in ((1, None, False), (2, 1, False), (4, -1, True), (2, 0, True)):
        v, i = paddle.kthvalue(_t(a), k, axis, keepdim=keep)
        ax = -1 if axis is None else axis
        ri = np.take(np.argsort(a, ax, kind="stable"), [k - 1], ax)
        rv = np.take_along_axis(a, ri, ax)
        if not keep:
            ri, rv = ri.squeeze(ax), rv.squeeze(ax)
        assert i.dtype == paddle.int64 and v.shape == list(rv.shape)
        np.testing.assert_array_equal(v.numpy(), rv)
        np.testing.assert_array_equal(i.numpy(), ri)
    x = _t(a, grad=True)
    v, i = x.kthvalue(2, axis=1)
    (g,) = _grads(v, [x], np.ones((2, 4)))
    want = np.zeros_like(a)
    np.put_along_axis(want, i.numpy()[:, None, :], 1.0, 1)
    np.testing.assert_array_equal(g, want)


def _np_mode(a, axis):
    """Most frequent value along axis (the smallest of equally frequent ones) and its last
    position."""
    a = np.moveaxis(a, axis, -1)
    vals, idx = np.empty(a.shape[:-1], a.dtype), np.empty(a.shape[:-1], "int64")
    for lead in np.ndindex(a.shape[:-1]):
        row = a[lead]
        uniq, counts = np.unique(row, return_counts=True)
        vals[lead] = uniq[np.argmax(counts)]  # argmax: the first (smallest) of the ties
        idx[lead] = np.nonzero(row == vals[lead])[0][-1]
    return vals, idx


def test_mode():
    t = np.array([[[1, 2, 2], [2, 3, 3]], [[0, 5, 5], [9, 9, 0]]], "float32")
    v, i = paddle.mode(_t(t), 2)
    np.testing.assert_array_equal(v.numpy(), [[2, 3], [5, 9]])
    np.testing.assert_array_equal(i.numpy(), [[2, 2], [2, 1]])  # the last position
    row = np.array([4, 1, 4, 1, 2, 1, 4], "int64")  # tie 4 / 1: the smaller value
    v, i = _t(row).mode()
    assert int(v.numpy()) == 1 and int(i.numpy()) == 5 and i.dtype == paddle.int64
    a = rng.integers(0, 3, (4, 5, 3)).astype("float64")
    v, i = paddle.mode(_t(a), axis=1, keepdim=True)
    assert v.shape == [4, 1, 3]
    rv, ri = _np_mode(a, 1)
    np.testing.assert_array_equal(v.numpy()[:, 0], rv)
    np.testing.assert_array_equal(i.numpy()[:, 0], ri)
    x = _t(a, grad=True)
    out, idx = paddle.mode(x, 1)
    (g,) = _grads(out, [x], np.ones((4, 3)))
    want = np.zeros_like(a)
    np.put_along_axis(want, idx.numpy()[:, None, :], 1.0, 1)
    np.testing.assert_array_equal(g, want)


# -- static programs (unknown batch extent) --------------------------------------------------
def _run_static(build, feeds):
    """A static program over the feeds with their first extent unknown."""
    return op_test.run_static(build, feeds, {n: [-1] + list(a.shape[1:]) for n, a in feeds.items()})


def test_static_program_with_unknown_batch():
    a = rng.uniform(-0.9, 0.9, (3, 5)).astype("float32")
    b = rng.uniform(0.5, 2, (3, 5)).astype("float32")
    ia = rng.integers(-30, 30, (3, 5)).astype("int64")

    def build(x, y, i):
        return [paddle.asin(x), paddle.atan2(x, y), paddle.expm1(x), paddle.prod(y, 1),
                paddle.lgamma(y), paddle.digamma(y), paddle.erfinv(x),
                paddle.nansum(x, 0), paddle.cummax(x, 1)[1], paddle.logcumsumexp(x, 1),
                paddle.kthvalue(x, 2, 1)[0], paddle.mode(i, 1)[0], paddle.gcd(i, i * 0 + 12),
                paddle.isclose(x, y), paddle.count_nonzero(i, 1), paddle.prod(y, 0),
                paddle.fmax(x, y), paddle.lerp(x, y, 0.25)]

    got = _run_static(build, {"x": a, "y": b, "i": ia})
    b64 = b.astype("float64")
    want = [np.arcsin(a), np.arctan2(a, b), np.expm1(a), np.prod(b, 1),
            lgamma_ref(b64), digamma_ref(b64), erfinv_ref(a.astype("float64")), a.sum(0),
            _np_cum(a, 1, np.greater_equal)[1], np.logaddexp.accumulate(a, 1),
            np.sort(a, 1)[:, 1], _np_mode(ia, 1)[0], np.gcd(ia, 12), np.isclose(a, b),
            np.count_nonzero(ia, 1), np.prod(b, 0), np.fmax(a, b), a + 0.25 * (b - a)]
    for k, (g, w) in enumerate(zip(got, want)):
        assert g.shape == w.shape, k
        np.testing.assert_allclose(g, w, rtol=2e-6, atol=1e-6, err_msg=str(k))


def test_static_gradients():
    a = rng.uniform(-0.9, 0.9, (2, 4)).astype("float32")

    def build(x):
        x.stop_gradient = False
        loss = (paddle.atan(x).sum() + paddle.logaddexp(x, x * 2.0).sum()
                + paddle.cummax(x, 1)[0].sum() + paddle.erfinv(x).sum())
        return paddle.static.gradients([loss], [x])

    (g,) = _run_static(build, {"x": a})
    e = np.exp(a) / (np.exp(a) + np.exp(2 * a))
    cm = np.bincount((_np_cum(a, 1, np.greater_equal)[1] + 4 * np.arange(2)[:, None]).ravel(),
                     minlength=8).reshape(2, 4)
    d_erfinv = np.sqrt(np.pi) / 2 * np.exp(erfinv_ref(a.astype("float64")) ** 2)
    np.testing.assert_allclose(g, 1 / (1 + a * a) + e + 2 * (1 - e) + cm + d_erfinv, rtol=1e-5)


# -- bad input -------------------------------------------------------------------------------
def test_errors_name_the_argument():
    f = _t(np.ones((2, 3), "float32"))
    i = _t(np.ones((2, 3), "int64"))
    with pytest.raises(TypeError, match="x of paddle.tan to be a Tensor, but got list"):
        paddle.tan([1.0])
    with pytest.raises(TypeError, match="x of paddle.erfinv to be a Tensor, but got float"):
        paddle.erfinv(0.5)
    with pytest.raises(TypeError, match="same dtype, but got float32 and int64"):
        paddle.hypot(f, i)
    with pytest.raises(TypeError, match="y of paddle.fmax to be a Tensor, but got float"):
        paddle.fmax(f, 1.0)
    with pytest.raises(TypeError, match="paddle.gcd to be integer Tensors, but got float32"):
        paddle.gcd(f, f)
    with pytest.raises(TypeError, match="weight of paddle.lerp to be a float, but got str"):
        paddle.lerp(f, f, "0.5")
    with pytest.raises(TypeError, match="x of paddle.logit .* but got int64"):
        paddle.logit(i)
    with pytest.raises(TypeError, match="posinf of paddle.nan_to_num to be a float"):
        paddle.nan_to_num(f, posinf="big")
    with pytest.raises(TypeError, match="axis of paddle.prod to be None, an int"):
        paddle.prod(f, axis=1.5)
    with pytest.raises(ValueError, match="paddle.prod's axis in \\[-2, 2\\) .* but got 2"):
        paddle.prod(f, axis=2)
    with pytest.raises(TypeError, match="equal_nan of paddle.isclose to be a bool"):
        paddle.isclose(f, f, equal_nan=1)
    with pytest.raises(ValueError, match="dtype of paddle.cummax to be int32 or int64, but "
                                         "got float32"):
        paddle.cummax(f, 1, dtype="float32")
    with pytest.raises(ValueError, match="k of paddle.kthvalue in \\[1, 3\\] .* but got 4"):
        paddle.kthvalue(f, 4)
    with pytest.raises(TypeError, match="k of paddle.kthvalue to be an int, but got float"):
        paddle.kthvalue(f, 1.0)
    with pytest.raises(ValueError, match="x of paddle.mode to have at least 1 dimension"):
        paddle.mode(_t(np.float32(1.0)))
    with pytest.raises(TypeError, match="scale_a of paddle.stanh to be a float, but got str"):
        paddle.stanh(f, scale_a="1")
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            x = paddle.static.data("x", [2, -1], "float32")
            with pytest.raises(ValueError, match="extent of x along axis 1 of "
                                                 "paddle.logcumsumexp to be known"):
                paddle.logcumsumexp(x, 1)
    finally:
        paddle.disable_static()
